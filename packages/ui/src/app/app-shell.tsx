/**
 * The frame of every signed-in page but the builder: a side bar with the project switcher, the
 * project's pages (MCP for those whose role may read it), the platform's pages (admins) and the user's menu
 * (their Account page, sign-out); the page on the right.
 * Under 720 px wide (a narrow iframe) the side bar collapses behind a menu button. Embedded, the
 * host may remove the side bar (`hideSidebar`); the project is not remembered and there is no
 * sign-out (the host signs its users in).
 */
import { isManagedStandInEmail } from '@piecework/shared';
import { useEffect, useId, useState } from 'react';
import { NavLink, Outlet, useLocation, useNavigate, useParams } from 'react-router';
import { useSession } from '../api/session-context';
import { useProjectPermissions } from '../api/use-project-permissions';
import { useProjects } from '../api/use-projects';
import { Combobox } from '../components/combobox';
import { MenuButton } from '../components/menu-button';
import { useEmbedOptions } from '../embed/embed-context';
import { CommandPalette } from '../features/command-palette/command-palette';
import { rememberProject } from './project-redirect';

/** The side bar and the current page. */
export function AppShell() {
  const { session, signOut } = useSession();
  const { projectId } = useParams();
  const projects = useProjects();
  const navigate = useNavigate();
  const location = useLocation();
  const [navOpen, setNavOpen] = useState(false);
  const switcherId = useId();
  const { embedded, hideSidebar } = useEmbedOptions();
  const remembered = embedded ? null : localStorage.getItem('piecework.lastProject');
  const current = projectId ?? remembered ?? session?.projectId ?? undefined;
  useEffect(() => {
    if (projectId !== undefined && !embedded) rememberProject(projectId);
  }, [projectId, embedded]);
  useEffect(() => setNavOpen(false), [location.pathname]);
  const isAdmin = session?.platformRole === 'ADMIN';
  const permissions = useProjectPermissions(current);
  return (
    <div className={hideSidebar ? 'shell no-sidebar' : 'shell'}>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      {hideSidebar ? null : (
        <aside className={`sidebar ${navOpen ? 'open' : ''}`} aria-label="Main">
          <div className="sidebar-top">
            <span className="brand">
              <img src="/favicon.svg" alt="" width={24} height={24} /> Piecework
            </span>
            <button
              type="button"
              className="icon-btn nav-toggle"
              aria-label={navOpen ? 'Close navigation' : 'Open navigation'}
              aria-expanded={navOpen}
              onClick={() => setNavOpen((was) => !was)}
            >
              ☰
            </button>
          </div>
          <div className="sidebar-body">
            <div className="project-switcher">
              <label htmlFor={switcherId}>Project</label>
              <Combobox
                id={switcherId}
                value={current ?? ''}
                options={(projects.data ?? []).map((project) => ({
                  value: project.id,
                  label: project.displayName,
                }))}
                onValueChange={(projectId) => navigate(`/projects/${projectId}/flows`)}
                disabled={projects.data === undefined}
                loading={projects.isPending}
              />
            </div>
            {current === undefined ? null : (
              <nav aria-label="Project">
                <NavLink to={`/projects/${current}/flows`}>Flows</NavLink>
                <NavLink to={`/projects/${current}/runs`}>Runs</NavLink>
                <NavLink to={`/projects/${current}/storage`}>Storage</NavLink>
                <NavLink to={`/projects/${current}/impact`}>Impact</NavLink>
                <NavLink to={`/projects/${current}/tables`}>Tables</NavLink>
                <NavLink to={`/projects/${current}/templates`}>Templates</NavLink>
                <NavLink to={`/projects/${current}/connections`}>Connections</NavLink>
                <NavLink to={`/projects/${current}/members`}>Members</NavLink>
                {permissions.can('READ_ALERT') ? (
                  <NavLink to={`/projects/${current}/alerts`}>Alerts</NavLink>
                ) : null}
                {permissions.can('READ_PROJECT_RELEASE') ? (
                  <NavLink to={`/projects/${current}/releases`}>Releases</NavLink>
                ) : null}
                {permissions.can('READ_PROJECT_RELEASE') ? (
                  <NavLink to={`/projects/${current}/git-sync`}>Git sync</NavLink>
                ) : null}
                {permissions.can('READ_MCP') ? <NavLink to={`/projects/${current}/mcp`}>MCP</NavLink> : null}
              </nav>
            )}
            {isAdmin ? (
              <nav aria-label="Platform">
                <span className="nav-heading">Platform</span>
                <NavLink to="/platform/impact">Impact</NavLink>
                <NavLink to="/platform/users">Users</NavLink>
                <NavLink to="/platform/sign-in">Sign-in</NavLink>
                <NavLink to="/platform/api-keys">API keys</NavLink>
                <NavLink to="/platform/audit-log">Audit log</NavLink>
                <NavLink to="/platform/pieces">Pieces</NavLink>
                <NavLink to="/platform/embedding">Embedding</NavLink>
                <NavLink to="/platform/ai-providers">AI providers</NavLink>
                <NavLink to="/platform/global-connections">Global connections</NavLink>
                <NavLink to="/platform/event-destinations">Event destinations</NavLink>
                <NavLink to="/platform/plan">Plan and license</NavLink>
              </nav>
            ) : null}
            <div className="sidebar-user">
              <span className="user-name">
                {session?.firstName} {session?.lastName}
                {session === null || isManagedStandInEmail(session.email) ? null : (
                  <small>{session.email}</small>
                )}
              </span>
              {embedded ? null : (
                <MenuButton
                  label="Account"
                  items={[
                    { label: 'Account', onSelect: () => navigate('/account') },
                    {
                      label: 'Sign out',
                      onSelect: () => {
                        signOut();
                        navigate('/sign-in');
                      },
                    },
                  ]}
                />
              )}
            </div>
          </div>
        </aside>
      )}
      <main id="main" className="content" tabIndex={-1}>
        <Outlet />
      </main>
      <CommandPalette projectId={current} />
    </div>
  );
}
