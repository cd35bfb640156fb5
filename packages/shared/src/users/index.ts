/**
 * Users and how they sign in: users and their invitations, sign-up and sign-in, emailed codes,
 * federated sign-in, two-factor authentication, server-side sessions and SCIM provisioning.
 * Re-exported whole by the package's index.
 */
export {
  AuthenticationResponse,
  ExternalTokenRequest,
  Password,
  SignInRequest,
  SignUpRequest,
} from './authentication';
export {
  AcceptUserInvitationRequest,
  AcceptUserInvitationResponse,
  CreateUserInvitationRequest,
  InvitationProjectRole,
  InvitationStatus,
  InvitationType,
  ListUserInvitationsQuery,
  UserInvitation,
  UserInvitationWithLink,
} from './user-invitation';
export { ListUsersQuery, PlatformRole, UpdateUserRequest, User, UserStatus, UserSummary } from './user';
export { CreateOtpRequest, OtpType, ResetPasswordRequest, VerifyEmailRequest } from './one-time-code';
export {
  DisableTwoFactorRequest,
  RecoveryCode,
  RecoveryCodes,
  TotpCode,
  TwoFactorChallengeRequest,
  TwoFactorCodeRequest,
  TwoFactorEnrolment,
  TwoFactorRequiredParams,
  TwoFactorSignInRequest,
  TwoFactorSignInResponse,
  TwoFactorStatus,
} from './two-factor';
export {
  SCIM_ERROR_SCHEMA,
  SCIM_GROUP_SCHEMA,
  SCIM_LIST_RESPONSE_SCHEMA,
  SCIM_MEDIA_TYPE,
  SCIM_PATCH_OP_SCHEMA,
  SCIM_RESOURCE_TYPE_SCHEMA,
  SCIM_SCHEMA_SCHEMA,
  SCIM_SERVICE_PROVIDER_CONFIG_SCHEMA,
  SCIM_USER_SCHEMA,
  ScimBoolean,
  ScimEmail,
  ScimError,
  ScimErrorType,
  ScimGroup,
  ScimGroupMember,
  ScimGroupRequest,
  ScimIdParams,
  ScimListQuery,
  ScimListResponse,
  ScimMemberReference,
  ScimMeta,
  ScimName,
  ScimPatchOperation,
  ScimPatchRequest,
  ScimResourceType,
  ScimSchemaAttribute,
  ScimSchemaDefinition,
  ScimServiceProviderConfig,
  ScimUser,
  ScimUserRequest,
} from './scim';
export { EndedSessions, SessionEndReason, UserSession, UserSessionList } from './user-session';
export {
  ClaimTokenRequest,
  FederatedAuthnLoginQuery,
  FederatedAuthnLoginResponse,
  ThirdPartyAuthnProvider,
} from './federated-authn';
