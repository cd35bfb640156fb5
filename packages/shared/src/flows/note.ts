import { z } from 'zod';

/** Colours a note can have. */
export const NoteColor = z.enum(['orange', 'red', 'green', 'blue', 'purple', 'yellow']);
export type NoteColor = z.infer<typeof NoteColor>;

/** The fields ADD_NOTE sends. */
export const NoteFields = z.object({
  id: z.string().min(1),
  content: z.string(),
  color: NoteColor,
  position: z.object({ x: z.number(), y: z.number() }),
  size: z.object({ width: z.number(), height: z.number() }),
});
export type NoteFields = z.infer<typeof NoteFields>;

/** A sticky note on a flow's canvas, as stored in a flow version. */
export const Note = NoteFields.extend({
  ownerId: z.string().nullable().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Note = z.infer<typeof Note>;
