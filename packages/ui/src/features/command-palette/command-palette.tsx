/**
 * The command palette, opened with Ctrl/Cmd+K on every signed-in page: a search over the
 * commands pages contribute (the builder's steps and edits, see `useContributeCommands`), the
 * project's flows to open and its pages to go to. The dialog and its libraries (cmdk, Radix
 * Dialog) load on the first opening, so they add nothing to a page's first load.
 */
import { lazy, Suspense, useCallback, useState } from 'react';
import { usePaletteShortcut } from './use-palette-shortcut';

const PaletteDialog = lazy(() =>
  import('./palette-dialog').then((module) => ({ default: module.PaletteDialog })),
);

/** Props of {@link CommandPalette}. */
export interface CommandPaletteProps {
  /** The current project, whose flows and pages the palette offers (none on platform pages). */
  projectId: string | undefined;
}

/** Mount once per page frame (the app shell, the builder); it renders nothing until opened. */
export function CommandPalette({ projectId }: CommandPaletteProps) {
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  usePaletteShortcut(
    useCallback(() => {
      setLoaded(true);
      setOpen((was) => !was);
    }, []),
  );
  if (!loaded) return null;
  return (
    <Suspense fallback={null}>
      <PaletteDialog open={open} onOpenChange={setOpen} projectId={projectId} />
    </Suspense>
  );
}
