/*
 * Outputs of the Activepieces piece (`@activepieces/piece-text-helper`, which is not published on the
 * npm registry) for the text helper's library-backed actions, recorded as literals. They were
 * computed by a throwaway script that called the libraries installed here exactly as the
 * Activepieces actions do: `markdown_to_html` builds a showdown 2.1.0 `Converter` with
 * `headerLevelStart`, `omitExtraWLInCodeBlocks: true`, `noHeaderId`, `tables`, `simpleLineBreaks`
 * and `openLinksInNewWindow` from its inputs (defaults: github, 1, true, false, false, false),
 * then calls `setFlavor(flavor)` and `makeHtml(markdown)`; `html_to_markdown` calls
 * `new TurndownService()` (turndown 7.2.5), `remove('script')` and `turndown(html)`; `stripHtml`
 * returns `stripHtml(html).result` (string-strip-html 13.7.6); `slugify` returns `slugify(text)`
 * (slugify 1.6.9). Piecework sanitizes Markdown's HTML and Activepieces does not: where that
 * changes the output, the case says so in `sanitized`. No case has an email autolink: showdown
 * hides its address behind randomly chosen character references, different on every call.
 */

/** A `markdown_to_html` case: inputs, Activepieces' HTML and, if it differs, Piecework's. */
export interface MarkdownReferenceCase {
  markdown: string;
  props: Record<string, unknown>;
  reference: string;
  /** Piecework's output where sanitizing changes Activepieces', and why. */
  sanitized?: { output: string; why: string };
}

/** `markdown_to_html` inputs with Activepieces' output; use to compare the built-in with it. */
export const MARKDOWN_TO_HTML_REFERENCE: MarkdownReferenceCase[] = [
  {
    markdown: '# Hello World!',
    props: {},
    reference: '<h1 id="hello-world">Hello World!</h1>',
  },
  {
    markdown: '## Hello World',
    props: { flavor: 'vanilla' },
    reference: '<h2 id="helloworld">Hello World</h2>',
  },
  {
    markdown: '# Title',
    props: { flavor: 'original' },
    reference: '<h1>Title</h1>',
  },
  {
    markdown: '# Title',
    props: { headerLevelStart: 3, noHeaderId: true },
    reference: '<h3>Title</h3>',
  },
  {
    markdown: 'a **b** _c_ `<d>` ~~e~~',
    props: {},
    reference: '<p>a <strong>b</strong> <em>c</em> <code>&lt;d&gt;</code> <del>e</del></p>',
  },
  {
    markdown: 'a_b_c and __d__',
    props: {},
    reference: '<p>a_b_c and <strong>d</strong></p>',
  },
  {
    markdown: '[x](https://e.com "T")',
    props: {},
    reference: '<p><a href="https://e.com" title="T">x</a></p>',
  },
  {
    markdown: '[x](https://e.com)',
    props: { openLinksInNewWindow: true },
    reference: '<p><a href="https://e.com" rel="noopener noreferrer" target="_blank">x</a></p>',
  },
  {
    markdown: '- a\n  - b\n- c',
    props: {},
    reference: '<ul>\n<li>a<ul>\n<li>b</li></ul></li>\n<li>c</li>\n</ul>',
  },
  {
    markdown: '- a\n\n- b',
    props: {},
    reference: '<ul>\n<li><p>a</p></li>\n<li><p>b</p></li>\n</ul>',
  },
  {
    markdown: '3. a\n4. b',
    props: {},
    reference: '<ol start="3">\n<li>a</li>\n<li>b</li>\n</ol>',
  },
  {
    markdown: 'Title\n=====\n\nSub\n---',
    props: {},
    reference: '<h1 id="title">Title</h1>\n<h2 id="sub">Sub</h2>',
  },
  {
    markdown: '[x][1]\n\n[1]: https://e.com',
    props: {},
    reference: '<p><a href="https://e.com">x</a></p>',
  },
  {
    markdown: '```js\nif (a < b) {}\n```',
    props: {},
    reference: '<pre><code class="js language-js">if (a &lt; b) {}</code></pre>',
  },
  {
    markdown: '    code\n    block',
    props: { flavor: 'vanilla' },
    reference: '<pre><code>code\nblock\n</code></pre>',
  },
  {
    markdown: '> q\n\n---',
    props: {},
    reference: '<blockquote>\n  <p>q</p>\n</blockquote>\n<hr />',
  },
  {
    markdown: 'a\nb',
    props: {},
    reference: '<p>a<br />\nb</p>',
  },
  {
    markdown: 'a\nb',
    props: { flavor: 'original' },
    reference: '<p>a\nb</p>',
  },
  {
    markdown: 'a\nb',
    props: { flavor: 'original', simpleLineBreaks: true },
    reference: '<p>a<br />\nb</p>',
  },
  {
    markdown: '| a | b |\n|---|---|\n| 1 | 2 |',
    props: {},
    reference:
      '<table>\n<thead>\n<tr>\n<th id="a">a</th>\n<th id="b">b</th>\n</tr>\n</thead>\n<tbody>\n<tr>\n<td>1</td>\n<td>2</td>\n</tr>\n</tbody>\n</table>',
  },
  {
    markdown: '| a | b |\n|---|---|\n| 1 | 2 |',
    props: { flavor: 'vanilla', tables: true },
    reference: '<p>| a | b |\n|---|---|\n| 1 | 2 |</p>',
  },
  {
    markdown: '| a | b |\n|:--|--:|\n| 1 | 2 |',
    props: {},
    reference:
      '<table>\n<thead>\n<tr>\n<th id="a" style="text-align:left;">a</th>\n<th id="b" style="text-align:right;">b</th>\n</tr>\n</thead>\n<tbody>\n<tr>\n<td style="text-align:left;">1</td>\n<td style="text-align:right;">2</td>\n</tr>\n</tbody>\n</table>',
    sanitized: {
      output:
        '<table>\n<thead>\n<tr>\n<th id="a" style="text-align:left">a</th>\n<th id="b" style="text-align:right">b</th>\n</tr>\n</thead>\n<tbody>\n<tr>\n<td style="text-align:left">1</td>\n<td style="text-align:right">2</td>\n</tr>\n</tbody>\n</table>',
      why: 'sanitize-html rewrites the kept alignment styles without the final `;`',
    },
  },
  {
    markdown: '- [x] done\n- [ ] todo',
    props: {},
    reference:
      '<ul>\n<li class="task-list-item" style="list-style-type: none;"><input type="checkbox" disabled style="margin: 0px 0.35em 0.25em -1.6em; vertical-align: middle;" checked> done</li>\n<li class="task-list-item" style="list-style-type: none;"><input type="checkbox" disabled style="margin: 0px 0.35em 0.25em -1.6em; vertical-align: middle;"> todo</li>\n</ul>',
    sanitized: {
      output:
        '<ul>\n<li class="task-list-item" style="list-style-type:none"><input type="checkbox" disabled style="margin:0px 0.35em 0.25em -1.6em;vertical-align:middle" checked /> done</li>\n<li class="task-list-item" style="list-style-type:none"><input type="checkbox" disabled style="margin:0px 0.35em 0.25em -1.6em;vertical-align:middle" /> todo</li>\n</ul>',
      why: 'sanitize-html rewrites the kept styles compactly and closes the checkboxes with ` />`',
    },
  },
  {
    markdown: '![i](https://e.com/i.png)',
    props: {},
    reference: '<p><img src="https://e.com/i.png" alt="i" /></p>',
  },
  {
    markdown: 'https://e.com auto',
    props: {},
    reference: '<p><a href="https://e.com">https://e.com</a> auto</p>',
  },
  {
    markdown: '@user and :smile:',
    props: {},
    reference: '<p><a href="https://github.com/user">@user</a> and 😄</p>',
  },
  {
    markdown: '[rel](/path#x) [frag](#top)',
    props: {},
    reference: '<p><a href="/path#x">rel</a> <a href="#top">frag</a></p>',
  },
  {
    markdown: 'Tom & Jerry "q" < 3',
    props: {},
    reference: '<p>Tom &amp; Jerry "q" &lt; 3</p>',
  },
  {
    markdown: '[x](javascript:alert(1))',
    props: {},
    reference: '<p><a href="javascript:alert(1)">x</a></p>',
    sanitized: {
      output: '<p><a>x</a></p>',
      why: 'a `javascript:` link loses its `href`',
    },
  },
  {
    markdown: '<script>alert(1)</script>\n\nhi',
    props: {},
    reference: '<script>alert(1)</script>\n<p>hi</p>',
    sanitized: {
      output: '\n<p>hi</p>',
      why: 'raw `<script>` is removed with its content',
    },
  },
  {
    markdown: '<img src=x onerror=alert(1)>',
    props: {},
    reference: '<p><img src=x onerror=alert(1)></p>',
    sanitized: {
      output: '<p><img src="x" /></p>',
      why: 'event handler attributes are removed',
    },
  },
  {
    markdown: '<a href="javascript:x">y</a>',
    props: {},
    reference: '<p><a href="javascript:x">y</a></p>',
    sanitized: {
      output: '<p><a>y</a></p>',
      why: 'a `javascript:` link in raw HTML loses its `href`',
    },
  },
  {
    markdown: '![d](data:image/png;base64,AAA)',
    props: {},
    reference: '<p><img src="data:image/png;base64,AAA" alt="d" /></p>',
    sanitized: {
      output: '<p><img alt="d" /></p>',
      why: 'images keep a `src` only on http and https (or relative) URLs',
    },
  },
  {
    markdown: '<div style="color:red" onclick="x()">d</div>',
    props: {},
    reference: '<div style="color:red" onclick="x()">d</div>',
    sanitized: {
      output: '<div>d</div>',
      why: 'inline styles and event handlers on raw HTML are removed',
    },
  },
  {
    markdown: '<input type="text" value="x">',
    props: {},
    reference: '<p><input type="text" value="x"></p>',
    sanitized: {
      output: '<p></p>',
      why: 'inputs other than task-list checkboxes are removed',
    },
  },
  {
    markdown: '',
    props: {},
    reference: '',
  },
];

/** `html_to_markdown` inputs with Activepieces' output (turndown, `script` removed). */
export const HTML_TO_MARKDOWN_REFERENCE: { html: string; reference: string }[] = [
  { html: '<h1>Title</h1><h3>Sub  title</h3>', reference: 'Title\n=====\n\n### Sub title' },
  { html: '<p>one</p>\n  <p>two\n lines</p>', reference: 'one\n\ntwo lines' },
  {
    html: '<p>a <strong>b</strong> <em>c</em> <del>d</del> <code>&lt;e&gt;</code></p>',
    reference: 'a **b** _c_ d `<e>`',
  },
  {
    html: '<a href="https://e.com" title="T">x</a> <img src="i.png" alt="pic">',
    reference: '[x](https://e.com "T") ![pic](i.png)',
  },
  { html: '<p>a<br>\n b</p>', reference: 'a  \nb' },
  { html: '<ul><li>a</li><li>b</li></ul>', reference: '*   a\n*   b' },
  { html: '<ol start="3"><li>a</li><li>b</li></ol>', reference: '3.  a\n4.  b' },
  { html: '<ul><li>a<ul><li>b</li></ul></li></ul>', reference: '*   a\n    *   b' },
  { html: '<blockquote><p>q</p><p>r</p></blockquote><hr>', reference: '> q\n> \n> r\n\n* * *' },
  {
    html: '<pre><code class="language-js">if (a &lt; b) {\n}\n</code></pre>',
    reference: '    if (a < b) {\n    }',
  },
  {
    html: '<table><tr><th>a</th><th>b</th></tr><tr><td>1</td><td>x|y</td></tr></table>',
    reference: 'a\n\nb\n\n1\n\nx|y',
  },
  { html: '<span>a</span><custom>b</custom><script>c</script>', reference: 'ab' },
  { html: '<style>p{}</style>x', reference: 'p{}x' },
  { html: '<h2>A *star*</h2>', reference: 'A \\*star\\*\n----------' },
  { html: 'caf&eacute; &euro;', reference: 'café €' },
  { html: 'just text', reference: 'just text' },
  { html: '', reference: '' },
];

/** `stripHtml` inputs with Activepieces' output (string-strip-html's `result`). */
export const STRIP_HTML_REFERENCE: { html: string; reference: string }[] = [
  { html: 'caf&eacute; &euro;', reference: 'café €' },
  {
    html: '<p>Tom &amp; Jerry &lt;3 &#169; &#x263A; &unknown;</p>',
    reference: 'Tom & Jerry <3 © ☺ &unknown;',
  },
  { html: '<p>Hello <b>world</b>!</p>', reference: 'Hello world!' },
  { html: 'abc<span>def</span>', reference: 'abcdef' },
  { html: '<p>one</p><p>two</p><ul><li>a</li><li>b</li></ul>', reference: 'one two a b' },
  { html: 'a<br>b<br/>c', reference: 'a b c' },
  { html: '<style>p{}</style><script>if (a < b) x()</script>t<!-- c -->', reference: 't' },
  { html: '<a title="a > b" href="/x">link</a>', reference: 'link' },
  { html: '  just   text  ', reference: 'just   text' },
  { html: '1 < 2 and <3', reference: '1 < 2 and <3' },
  { html: '&lt;b&gt;not a tag&lt;/b&gt;', reference: 'not a tag' },
  { html: 'a&nbsp;b', reference: 'a\u00a0b' },
  { html: '', reference: '' },
];

/** `slugify` inputs with Activepieces' output (`slugify(text)`). */
export const SLUGIFY_REFERENCE: { text: string; reference: string }[] = [
  { text: 'Привет мир', reference: 'Privet-mir' },
  { text: 'Ελληνικά', reference: 'Ellhnika' },
  { text: 'Hello World', reference: 'Hello-World' },
  { text: '  some   text  ', reference: 'some-text' },
  { text: 'Crème brûlée à la carte', reference: 'Creme-brulee-a-la-carte' },
  { text: 'Tom & Jerry', reference: 'Tom-and-Jerry' },
  { text: 'Straße', reference: 'Strasse' },
  { text: 'a - b', reference: 'a-b' },
  { text: 'keeps .()!:@ but drops #/?', reference: 'keeps-.()!:@-but-drops' },
  { text: 'emoji 🎉 gone', reference: 'emoji-gone' },
  { text: '日本語', reference: '' },
  { text: 'I ♥ 5 €', reference: 'I-love-5-euro' },
  { text: '', reference: '' },
];
