import { z } from 'zod';
import { BaseModelFields } from '../common/base-model';
import { PageQuery } from '../common/page';

/** How an alert reaches its receiver; only EMAIL exists. */
export const AlertChannel = z.enum(['EMAIL']);
export type AlertChannel = z.infer<typeof AlertChannel>;

/**
 * An alert receiver of a project: who is told (by `channel`) when a production run of one of the
 * project's flows fails.
 */
export const Alert = z.object({
  ...BaseModelFields,
  projectId: z.string(),
  channel: AlertChannel,
  receiver: z.string(),
});
export type Alert = z.infer<typeof Alert>;

/** Body of `POST /v1/alerts`: add `receiver` (an email address) to the project's alert receivers. */
export const CreateAlertRequest = z.object({
  projectId: z.string(),
  channel: AlertChannel,
  receiver: z.email(),
});
export type CreateAlertRequest = z.infer<typeof CreateAlertRequest>;

/** Query of `GET /v1/alerts`: the project's alert receivers, a page at a time. */
export const ListAlertsQuery = PageQuery.extend({ projectId: z.string() });
export type ListAlertsQuery = z.infer<typeof ListAlertsQuery>;
