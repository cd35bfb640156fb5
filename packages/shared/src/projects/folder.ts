import { z } from 'zod';
import { BaseModelFields } from '../common/base-model';
import { PageQuery } from '../common/page';

/** A folder grouping a project's flows; `displayOrder` sorts folders. */
export const Folder = z.object({
  ...BaseModelFields,
  projectId: z.string(),
  displayName: z.string(),
  displayOrder: z.number(),
});
export type Folder = z.infer<typeof Folder>;

/** Body of `POST /v1/folders`. */
export const CreateFolderRequest = z.object({
  displayName: z.string().trim().min(1),
  projectId: z.string(),
});
export type CreateFolderRequest = z.infer<typeof CreateFolderRequest>;

/** Body of `POST /v1/folders/:id`: rename a folder. */
export const UpdateFolderRequest = z.object({ displayName: z.string().trim().min(1) });
export type UpdateFolderRequest = z.infer<typeof UpdateFolderRequest>;

/** Query of `GET /v1/folders?projectId` (plus paging). */
export const ListFoldersQuery = PageQuery.extend({ projectId: z.string() });
export type ListFoldersQuery = z.infer<typeof ListFoldersQuery>;
