/**
 * "Install a piece": an npm package name and a version (exact or a range; empty for the newest),
 * installed on the server from its npm registry (`POST /v1/pieces`, REGISTRY). The server's
 * refusal (unknown package or version, not a piece) is shown in the dialog.
 */
import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../api/error-message';
import { Dialog } from '../../components/dialog';
import { TextField } from '../../components/field';
import { useToast } from '../../components/toast';
import { useInstallPiece } from './use-piece-admin';

/** The install dialog; `name` prefills the package name (installing another version of a listed piece). */
export function InstallPieceDialog({ name = '', onClose }: { name?: string; onClose: () => void }) {
  const install = useInstallPiece();
  const { toast } = useToast();
  const [pieceName, setPieceName] = useState(name);
  const [pieceVersion, setPieceVersion] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = pieceName.trim();
    setProblem(trimmed === '' ? 'Enter the package name' : undefined);
    if (trimmed === '') return;
    const version = pieceVersion.trim();
    install.mutate(
      { pieceName: trimmed, ...(version === '' ? {} : { pieceVersion: version }) },
      {
        onSuccess: (installed) => {
          toast(
            installed.installed
              ? `Installed ${installed.name} ${installed.version}`
              : `${installed.name} ${installed.version} was already installed`,
          );
          onClose();
        },
      },
    );
  };
  return (
    <Dialog
      title="Install a piece"
      onClose={onClose}
      footer={
        <>
          <button type="button" className="btn" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" form="install-piece" className="btn primary" disabled={install.isPending}>
            {install.isPending ? 'Installing…' : 'Install'}
          </button>
        </>
      }
    >
      <form id="install-piece" onSubmit={onSubmit} noValidate>
        <TextField
          label="Package name"
          value={pieceName}
          onChange={(event) => setPieceName(event.target.value)}
          error={problem}
          hint="As on npm, e.g. @activepieces/piece-slack."
          required
          autoFocus
          spellCheck={false}
          autoComplete="off"
        />
        <TextField
          label="Version"
          value={pieceVersion}
          onChange={(event) => setPieceVersion(event.target.value)}
          hint="An exact version or a range such as ^1.2.0; empty for the newest."
          spellCheck={false}
          autoComplete="off"
        />
        {install.isPending ? (
          <div className="loading" role="status">
            <span className="spinner" aria-hidden="true" />
            <span>Installing {pieceName.trim()}… this can take a minute.</span>
          </div>
        ) : null}
        {install.isError ? (
          <div className="notice error" role="alert">
            {errorMessage(install.error)}
          </div>
        ) : null}
      </form>
    </Dialog>
  );
}
