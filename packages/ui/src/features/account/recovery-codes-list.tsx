/**
 * The 10 recovery codes, shown once after turning two-factor on (or making new ones): a list,
 * with buttons to copy them all or download them as a text file. Each code works once, instead
 * of an authenticator app's code.
 */
import { useToast } from '../../components/toast';

/** The codes with Copy and Download. */
export function RecoveryCodesList({ codes }: { codes: readonly string[] }) {
  const { toast, toastError } = useToast();
  const text = `${codes.join('\n')}\n`;
  const copy = () => {
    navigator.clipboard.writeText(text).then(
      () => toast('Recovery codes copied'),
      () => toastError(new Error('The browser refused to copy: select the codes and copy them yourself.')),
    );
  };
  const download = () => {
    const link = document.createElement('a');
    link.href = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    link.download = 'piecework-recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(link.href);
  };
  return (
    <div className="recovery-codes">
      <div className="notice info" role="status">
        Keep these recovery codes somewhere safe. Each one signs you in once if you lose your authenticator
        app; they are not shown again.
      </div>
      <ul className="recovery-code-list mono" aria-label="Recovery codes">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="button-row">
        <button type="button" className="btn" onClick={copy}>
          Copy codes
        </button>
        <button type="button" className="btn" onClick={download}>
          Download codes
        </button>
      </div>
    </div>
  );
}
