// The host's page tests use the shared test kit (packages/testing): the same providers, polyfills
// and fake API as the areas' tests.
export { apiFailure, renderPage, settle, createFakeApi, makeProfile, respond, respondError } from '@repo/testing';
