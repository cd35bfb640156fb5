/** The endpoint of files pieces write (`ctx.files.write`), `ENDPOINTS.stepFiles`. */
import { z } from 'zod';
import { PUBLIC_ACCESS } from './endpoint-access';
import { endpoint } from './endpoint';

/** The query of a step file's signed URL: its token, which names the file and expires. */
export const SignedStepFileQuery = z.object({ token: z.string().min(1).max(4096) });
export type SignedStepFileQuery = z.infer<typeof SignedStepFileQuery>;

/**
 * Downloading a file a step wrote, by the signed URL `ctx.files.write` answered (public: the
 * token, signed by the server and expiring, is the credential).
 */
export const STEP_FILE_ENDPOINTS = {
  signed: endpoint({
    method: 'GET',
    path: '/v1/step-files/signed',
    operationId: 'stepFiles.signed',
    summary:
      "Download a file a step wrote (ctx.files.write) by its signed URL: the file's bytes with its name; 404 for a token this server did not sign, 410 once it expired",
    access: PUBLIC_ACCESS,
    query: SignedStepFileQuery,
    status: 200,
  }),
};
