/**
 * "New global connection": pick a piece that needs a connection, then fill in its credentials (the
 * project connection form, reused) and the projects it is available to. Saving creates it with
 * `POST /v1/global-connections`; the secret goes to the server and is never shown again.
 */
import type { Project } from '@piecework/shared';
import { useState } from 'react';
import { useToast } from '../../components/toast';
import { NewConnectionDialog } from '../connections/new-connection-dialog';
import { ChoosePieceDialog } from '../settings/choose-piece-dialog';
import { ProjectChoices } from './project-choices';
import { globalRequest, useAllGlobalConnections, useUpsertGlobalConnection } from './use-global-connections';

/** Props of {@link NewGlobalConnection}. */
export interface NewGlobalConnectionProps {
  /** The project whose piece catalogue is offered (the admin's current one). */
  catalogueProjectId: string;
  /** The platform's projects, to choose from. */
  projects: readonly Project[];
  onClose: () => void;
}

/** The piece choice, then the connection form with the projects. */
export function NewGlobalConnection({ catalogueProjectId, projects, onClose }: NewGlobalConnectionProps) {
  const [pieceName, setPieceName] = useState<string | null>(null);
  const [chosen, setChosen] = useState<string[]>(() => projects.map((project) => project.id));
  const [newProjects, setNewProjects] = useState(false);
  const upsert = useUpsertGlobalConnection();
  const existing = useAllGlobalConnections();
  const { toast } = useToast();
  if (pieceName === null) {
    return (
      <ChoosePieceDialog
        projectId={catalogueProjectId}
        title="New global connection"
        onChoose={(piece) => setPieceName(piece.name)}
        onClose={onClose}
      />
    );
  }
  return (
    <NewConnectionDialog
      projectId={catalogueProjectId}
      pieceName={pieceName}
      target={{
        existing: existing.data,
        save: (request) =>
          upsert.mutateAsync({
            ...globalRequest(request, chosen),
            preSelectForNewProjects: newProjects,
          }),
        takenMessage: 'The platform already has a global connection with this external id.',
        title: (piece) => `New global ${piece} connection`,
        fields: (
          <ProjectChoices
            projects={projects}
            chosen={chosen}
            onChange={setChosen}
            newProjects={newProjects}
            onNewProjectsChange={setNewProjects}
          />
        ),
      }}
      onCreated={(connection) => {
        toast(`Created ${connection.displayName}`);
        onClose();
      }}
      onClose={onClose}
    />
  );
}
