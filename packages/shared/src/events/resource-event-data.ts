import { z } from 'zod';
import { AppConnectionStatus, AppConnectionType } from '../connections/app-connection-type';
import { AuditProject } from './audit-project';

/** The connection an audit event is about (never its value). */
export const AuditConnection = z.object({
  id: z.string(),
  created: z.string(),
  updated: z.string(),
  displayName: z.string(),
  externalId: z.string(),
  pieceName: z.string(),
  status: AppConnectionStatus,
  type: AppConnectionType,
});
export type AuditConnection = z.infer<typeof AuditConnection>;

/** `data` of connection.upserted and connection.deleted. */
export const ConnectionEventData = z.object({
  connection: AuditConnection,
  project: AuditProject.optional(),
});
export type ConnectionEventData = z.infer<typeof ConnectionEventData>;

/** The folder an audit event is about. */
export const AuditFolder = z.object({
  id: z.string(),
  displayName: z.string(),
  created: z.string(),
  updated: z.string(),
});
export type AuditFolder = z.infer<typeof AuditFolder>;

/** `data` of folder.created, folder.updated and folder.deleted. */
export const FolderEventData = z.object({
  folder: AuditFolder,
  project: AuditProject.optional(),
});
export type FolderEventData = z.infer<typeof FolderEventData>;
