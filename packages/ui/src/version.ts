/**
 * The kit's version (package.json `version`; a test keeps them equal). Like shared-core, the kit only
 * grows additively, and `pnpm release` refuses a remote built against a newer kit than the live host's.
 */
export const uiVersion = '0.1.1';
