/**
 * The projects a global connection is available to, as a list of checkboxes over every project of
 * the platform (a platform admin sees them all), with "New projects too" for projects created
 * later.
 */
import type { Project } from '@piecework/shared';

/** Props of {@link ProjectChoices}. */
export interface ProjectChoicesProps {
  projects: readonly Project[];
  chosen: readonly string[];
  onChange: (chosen: string[]) => void;
  /** Whether projects created later get the connection too. */
  newProjects: boolean;
  onNewProjectsChange: (on: boolean) => void;
}

/** A checkbox per project, and one for projects created later. */
export function ProjectChoices(props: ProjectChoicesProps) {
  const { chosen } = props;
  const toggle = (id: string, on: boolean) =>
    props.onChange(on ? [...chosen, id] : chosen.filter((each) => each !== id));
  return (
    <fieldset className="project-choices">
      <legend>Available to</legend>
      {props.projects.map((project) => (
        <label key={project.id}>
          <input
            type="checkbox"
            checked={chosen.includes(project.id)}
            onChange={(event) => toggle(project.id, event.target.checked)}
          />
          {project.displayName}
        </label>
      ))}
      <label>
        <input
          type="checkbox"
          checked={props.newProjects}
          onChange={(event) => props.onNewProjectsChange(event.target.checked)}
        />
        Projects created from now on
      </label>
    </fieldset>
  );
}
