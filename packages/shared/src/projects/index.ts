/**
 * Projects: folders, members, roles and permissions, plans, releases and their plans, signing
 * keys, the project state a release carries, its files (`piecework project pull|push`) and git
 * sync. Re-exported whole by the package's index.
 */
export { CreateFolderRequest, Folder, ListFoldersQuery, UpdateFolderRequest } from './folder';
export { CreateProjectRequest, ListProjectsQuery, UpdateProjectRequest } from './project-requests';
export {
  GetProjectMemberRoleQuery,
  ListProjectMembersQuery,
  ProjectMember,
  ProjectMemberWithUser,
  UpdateProjectMemberRequest,
} from './project-member';
export {
  DEFAULT_ROLE_PERMISSIONS,
  DefaultProjectRole,
  defaultRoleNamed,
  Permission,
  PERMISSIONS,
} from './permission';
export { permissionForOperation } from './operation-permission';
export { PiecesFilterType, ProjectPlan } from './project-plan';
export {
  ListProjectRolesQuery,
  ProjectRole,
  ProjectRoleType,
  ProjectRoleWithType,
  ProjectRoleWithUserCount,
  SaveProjectRoleRequest,
} from './project-role';
export { Project, ProjectAnalytics, ProjectIcon, ProjectIconColor, ProjectType } from './project';
export { Release } from './release';
export { ConnectionState, FlowState, ProjectState, TableState } from './project-state';
export {
  PROJECT_FILES_FORMAT_VERSION,
  isProjectFilePath,
  projectStateFromFiles,
  projectStateToFiles,
} from './project-files';
export type { ProjectFilesReading } from './project-files';
export { ProjectFilesRefusal, ProjectFilesRefusalCode } from './project-files-refusal';
export { CodeFileReference } from './code-step-files';
export {
  FlowReleaseOperation,
  FlowReleaseOperationType,
  MissingConnection,
  ProjectReleasePlan,
  TableReleaseOperation,
  TableReleaseOperationType,
} from './release-plan';
export {
  CreateProjectReleaseRequest,
  DiffProjectReleaseRequest,
  ExportProjectStateQuery,
  ListProjectReleasesQuery,
  ProjectRelease,
  ProjectReleaseType,
  ProjectReleaseWithState,
} from './release-requests';
export { CreateSigningKeyRequest, CreatedSigningKey, SigningKey } from './signing-key';
export {
  ConfigureRepoRequest,
  GitBranchName,
  GitBranchType,
  GitPushOperationType,
  GitPushResult,
  GitRemoteUrl,
  GitRepo,
  GitSlug,
  ListGitReposQuery,
  PushGitRepoRequest,
  SshPrivateKey,
} from './git-repo';
export { GIT_SLUG_PATTERN, isGitBranchName, parseGitRemoteUrl } from './git-remote-url';
export type { FileGitRemote, GitRemote, SshGitRemote } from './git-remote-url';
