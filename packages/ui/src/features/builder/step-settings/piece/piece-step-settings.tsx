/**
 * The settings of a PIECE step or a PIECE_TRIGGER: the action (or trigger) chooser, the
 * connection when the piece needs one, and the form generated from the chosen action's `props`.
 * Choosing another action starts its input over (the connection is kept). Every change
 * recomputes the step's `valid` (an action chosen, the connection set when required, no
 * required property empty); the server adds its own checks (references, installed pieces).
 */
import type { PieceAuth, PieceMetadata, PopulatedFlow } from '@piecework/shared';
import { usePiece } from '../../../../api/use-pieces';
import { SelectField } from '../../../../components/field';
import { QueryState } from '../../../../components/query-state';
import { ErrorHandlingSwitches, type ErrorHandlingDefaults } from '../error-handling-options';
import { OptionsSourceProvider } from '../properties/options-source';
import { PropertyForm } from '../properties/property-form';
import type { EditableStep } from '../step-request';
import type { StepDraft } from '../use-step-draft';
import { ConnectionPicker } from './connection-picker';
import { needsConnection, pieceSettingsValid, withChosenAction, type PieceSettings } from './piece-settings';

/** The draft of a piece step or piece trigger. */
export type PieceDraft = Extract<EditableStep, { type: 'PIECE' | 'PIECE_TRIGGER' }>;

/** Props of {@link PieceStepSettings}. */
export interface PieceStepSettingsProps {
  draft: PieceDraft;
  change: StepDraft['change'];
  projectId: string;
  flow: PopulatedFlow;
  readonly: boolean;
}

/** The auth a connection is made for (the first declared one that needs a connection). */
export function connectionAuth(metadata: Pick<PieceMetadata, 'auth'>): PieceAuth | undefined {
  const all = Array.isArray(metadata.auth)
    ? metadata.auth
    : metadata.auth === undefined
      ? []
      : [metadata.auth];
  return all.find((auth) => auth.type !== 'NO_AUTH');
}

/** The form of a piece step. */
export function PieceStepSettings(props: PieceStepSettingsProps) {
  const settings = props.draft.settings as PieceSettings;
  const piece = usePiece(props.projectId, settings.pieceName, settings.pieceVersion);
  return (
    <QueryState query={piece} label="Loading the piece">
      {(metadata) => <PieceForm {...props} metadata={metadata} settings={settings} />}
    </QueryState>
  );
}

function PieceForm({
  draft,
  change,
  projectId,
  flow,
  readonly,
  metadata,
  settings,
}: PieceStepSettingsProps & { metadata: PieceMetadata; settings: PieceSettings }) {
  const isTrigger = draft.type === 'PIECE_TRIGGER';
  const nameKey = isTrigger ? 'triggerName' : 'actionName';
  const choices = isTrigger ? metadata.triggers : metadata.actions;
  const chosenName = settings[nameKey];
  const chosen = chosenName === undefined ? undefined : choices[chosenName];
  const auth = connectionAuth(metadata);
  const needsAuth = (name: string | undefined) => needsConnection(auth, choices, name);
  const validOf = (next: PieceSettings): boolean => pieceSettingsValid(next, nameKey, choices, auth);
  const update = (edit: (current: PieceSettings) => PieceSettings) =>
    change((step) => {
      if (step.type !== 'PIECE' && step.type !== 'PIECE_TRIGGER') return step;
      const next = edit(step.settings as PieceSettings);
      return { ...step, settings: next, valid: validOf(next) } as EditableStep;
    });
  const choose = (name: string) => update((current) => withChosenAction(current, nameKey, name, choices));

  return (
    <fieldset className="plain" disabled={readonly}>
      <SelectField
        label={isTrigger ? 'Trigger' : 'Action'}
        required
        value={chosenName ?? ''}
        placeholder={isTrigger ? 'Choose a trigger' : 'Choose an action'}
        options={Object.entries(choices).map(([name, action]) => ({
          value: name,
          label: action.displayName,
        }))}
        hint={chosen?.description}
        onValueChange={(value) => choose(value)}
      />
      {chosen !== undefined && needsAuth(chosenName) ? (
        <ConnectionPicker
          projectId={projectId}
          pieceName={settings.pieceName}
          value={settings.input['auth']}
          required={auth?.required !== false}
          disabled={readonly}
          onChange={(value) =>
            update((current) => ({ ...current, input: { ...current.input, auth: value } }))
          }
        />
      ) : null}
      {chosen === undefined || chosenName === undefined ? null : (
        <OptionsSourceProvider
          value={{
            projectId,
            pieceName: settings.pieceName,
            pieceVersion: metadata.version,
            actionOrTriggerName: chosenName,
            flowId: flow.id,
            flowVersionId: flow.version.id,
            input: settings.input,
          }}
        >
          <PropertyForm
            idPrefix={`${draft.name}-${chosenName}`}
            props={chosen.props}
            values={settings.input}
            showErrors
            onChange={(name, value) =>
              update((current) => ({ ...current, input: { ...current.input, [name]: value } }))
            }
            settings={{
              value: settings.propertySettings,
              onChange: (name, setting, next) =>
                update((current) => ({
                  ...current,
                  propertySettings: { ...current.propertySettings, [name]: setting },
                  input: next === undefined ? current.input : { ...current.input, [name]: next.value },
                })),
            }}
          />
        </OptionsSourceProvider>
      )}
      {isTrigger || chosen === undefined ? null : (
        <ErrorHandlingSwitches
          value={settings.errorHandlingOptions}
          defaults={(chosen as { errorHandlingOptions?: ErrorHandlingDefaults }).errorHandlingOptions}
          onChange={(errorHandlingOptions) => update((current) => ({ ...current, errorHandlingOptions }))}
        />
      )}
    </fieldset>
  );
}
