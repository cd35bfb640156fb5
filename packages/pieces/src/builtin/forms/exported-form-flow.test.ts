/**
 * A form flow exported from Activepieces (`exported-form-flow.fixture.json`: Web Form trigger of
 * `@activepieces/piece-forms` ~0.4.10, a code step, then "Respond on UI") imports unchanged and
 * runs in the in-process engine: the page gets the markdown built from the form's fields and the
 * uploaded CV back as an attachment, read from the file the request brought.
 */
import { readFileSync } from 'node:fs';
import { FlowEngine } from '@piecework/engine';
import { migrateImportRequest } from '@piecework/shared';
import { apply, emptyDraft } from '@piecework/shared/testing';
import { describe, expect, it } from 'vitest';
import { downloadFile, fileDownloadOptions } from '../../props/file-urls';
import { createInProcessHost } from '../../runner/create-in-process-host';
import { testTriggerContext } from '../testing/test-services';
import { formsPiece } from './index';

function importedFlow() {
  const exported: unknown = JSON.parse(
    readFileSync(new URL('./exported-form-flow.fixture.json', import.meta.url), 'utf8'),
  );
  const migrated = migrateImportRequest(exported);
  if (!migrated.ok) throw new Error(migrated.refusal.message);
  return apply(emptyDraft(), { type: 'IMPORT_FLOW', request: migrated.request as never });
}

/** The trigger output of a submission, through the forms trigger itself. */
async function submitted(body: Record<string, unknown>): Promise<unknown> {
  const { ctx } = testTriggerContext({ payload: { body } });
  const [output] = await formsPiece.triggers.form_submission!.run(ctx);
  return output;
}

describe('an exported Activepieces form flow', () => {
  it('imports valid and answers the markdown built from the form fields', async () => {
    const flowVersion = importedFlow();
    expect(flowVersion.valid).toBe(true);
    const engine = new FlowEngine({ host: createInProcessHost() });
    const triggerPayload = await submitted({
      fullName: 'Ada Lovelace',
      remoteOnly: 'true',
      yearsOfExperience: '12',
    });
    const result = await engine.execute({ flowVersion, triggerPayload });
    const body = {
      type: 'markdown',
      value: '## Thanks, Ada Lovelace!\n\n12 years of experience, working remote.',
      files: [],
    };
    expect(result).toMatchObject({ status: 'SUCCEEDED', response: { status: 200, body, headers: {} } });
  });

  it('answers the uploaded file as an attachment the page can read', async () => {
    const host = createInProcessHost();
    const cv = Buffer.from('%PDF-1.7 curriculum vitae');
    // What the server keeps of a multipart file part: the JSON string of its bytes in base64.
    const fileId = await host.files.save(JSON.stringify(cv.toString('base64')), { name: 'cv.pdf' });
    const triggerPayload = await submitted({
      fullName: 'Ada',
      remoteOnly: 'false',
      yearsOfExperience: '3',
      cv: { fileId, filename: 'cv.pdf', mimeType: 'application/pdf', size: cv.length },
    });
    const result = await new FlowEngine({ host }).execute({ flowVersion: importedFlow(), triggerPayload });
    expect(result.status).toBe('SUCCEEDED');
    const answer = result.response?.body as { value: string; files: { url: string; mimeType: string }[] };
    expect(answer.value).toContain('working on site');
    expect(answer.files).toEqual([{ url: expect.any(String), mimeType: 'application/pdf' }]);
    const services = { ssrfAllowList: [], urls: { apiUrl: 'http://localhost:3000/api/' }, files: host.files };
    const fetched = await downloadFile(answer.files[0]!.url, fileDownloadOptions(services, undefined));
    expect(fetched).toEqual({ filename: 'cv.pdf', extension: 'pdf', data: cv });
  });
});
