// The public surface of the federated singleton. Explicit names only: every bundle imports
// `@repo/shared-core` by its bare name, and this list is the contract they are written against.
export { api, configureApi, isLoginRoute, type ApiConfig } from './api/client';
export { getApiError, fieldErrors, messageForStatus, type ApiError, type FieldErrorEntry } from './api/errors';
export { authStore, useAuth, type AuthState } from './stores/auth';
export {
  locationStore,
  useLocationStore,
  setShopHeader,
  type LocationState,
  type CurrentLocation,
  type LocationInput,
} from './stores/location';
export { uiStore, useUi, maxDebugEntries, type UiState, type DebugEntry, type DateRange } from './stores/ui';
export { createMainMenu, createShopContentMenu, type MenuItem, type MenuIconName, type MenuSource, type MenuBadge } from './stores/menus';
export {
  realtime,
  useRealtime,
  realtimeStore,
  connectionStatuses,
  type ConnectionStatus,
  type RealtimeState,
  type RealtimeOptions,
  type SocketLike,
  type WebSocketConstructor,
} from './realtime/socket';
export { bus, type BusEvents, type AreaMessage } from './bus';
export { notify, toastDefaults } from './notify/notify';
export { NotificationsContainer } from './notify/notifications-container';
export { ScreenNotBuilt, type RemoteRoute } from './ui/screen-not-built';
export { applyRules } from './rules-handler';
export { queryClient, useRealtimeInvalidation, invalidateForEvent, shouldRetry } from './query';
export { entityKeys } from './query-keys';
export { patterns, dialogTransitionMs } from './forms/patterns';
export { phoneMask, cardMask, applyMask, applyPhoneMask, applyCardMask } from './forms/masks';
export { formatMoney, formatDate, formatDateTime } from './forms/format';
export { dayjs } from './dayjs';
export { usePageTitle, pageTitle, appName } from './page-title';
export { clearSession, signIn, loadProfile } from './session';
export { refreshProfile, watchOwnProfile, useLiveProfile, isOwnProfileEvent } from './live-profile';
export { cookieNames } from './cookies';
export { sharedCoreVersion, compareVersions } from './version';
export { useScreenTitle, useScreenTitleOverride, screenTitleStore } from './screen-title';
export { defineAreaRoutes, type AreaRoute, type AreaRouteHandle, type AreaScreenModule } from './area-routes';
