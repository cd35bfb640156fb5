/**
 * "Upload a piece": a packed private piece (the `.tgz` of `npm pack`), its package name and exact
 * version, installed on the server from the file (`POST /v1/pieces`, ARCHIVE, the archive sent
 * base64). The version is prefilled from the file's name.
 */
import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../api/error-message';
import { Dialog } from '../../components/dialog';
import { TextField } from '../../components/field';
import { useToast } from '../../components/toast';
import { readAsBase64, versionFromArchiveName } from './archive-file';
import { useInstallPiece } from './use-piece-admin';

/** The upload dialog. */
export function UploadPieceDialog({ onClose }: { onClose: () => void }) {
  const install = useInstallPiece();
  const { toast } = useToast();
  const [file, setFile] = useState<File | null>(null);
  const [pieceName, setPieceName] = useState('');
  const [pieceVersion, setPieceVersion] = useState('');
  const [problems, setProblems] = useState<{ file?: string; name?: string; version?: string }>({});
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const name = pieceName.trim();
    const version = pieceVersion.trim();
    const found = {
      ...(file === null ? { file: 'Choose the .tgz file' } : {}),
      ...(name === '' ? { name: 'Enter the package name' } : {}),
      ...(version === '' ? { version: 'Enter the exact version' } : {}),
    };
    setProblems(found);
    if (file === null || Object.keys(found).length > 0) return;
    const pieceArchive = await readAsBase64(file);
    install.mutate(
      { pieceName: name, pieceVersion: version, packageType: 'ARCHIVE', pieceArchive },
      {
        onSuccess: (installed) => {
          toast(`Installed ${installed.name} ${installed.version}`);
          onClose();
        },
      },
    );
  };
  return (
    <Dialog
      title="Upload a piece"
      onClose={onClose}
      footer={
        <>
          <button type="button" className="btn" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" form="upload-piece" className="btn primary" disabled={install.isPending}>
            {install.isPending ? 'Uploading…' : 'Upload and install'}
          </button>
        </>
      }
    >
      <form id="upload-piece" onSubmit={(event) => void onSubmit(event)} noValidate>
        <TextField
          label="Packed piece (.tgz)"
          type="file"
          accept=".tgz,application/gzip,application/x-gzip"
          error={problems.file}
          hint="The file npm pack makes of the piece's package."
          required
          onChange={(event) => {
            const chosen = event.target.files?.[0] ?? null;
            setFile(chosen);
            const version = chosen === null ? undefined : versionFromArchiveName(chosen.name);
            if (version !== undefined) setPieceVersion(version);
          }}
        />
        <TextField
          label="Package name"
          value={pieceName}
          onChange={(event) => setPieceName(event.target.value)}
          error={problems.name}
          hint="The name in the package's package.json, e.g. @acme/piece-billing."
          required
          spellCheck={false}
          autoComplete="off"
        />
        <TextField
          label="Version"
          value={pieceVersion}
          onChange={(event) => setPieceVersion(event.target.value)}
          error={problems.version}
          hint="The exact version in its package.json."
          required
          spellCheck={false}
          autoComplete="off"
        />
        {install.isError ? (
          <div className="notice error" role="alert">
            {errorMessage(install.error)}
          </div>
        ) : null}
      </form>
    </Dialog>
  );
}
