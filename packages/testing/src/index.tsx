// Test helpers for the host and the areas. Never imported by application code (lint forbids it).
// jest-dom's matchers, at run time and for the type checker of every package whose tests use the kit.
import '@testing-library/jest-dom';
export { renderPage, settle, apiFailure, createTestQueryClient, type RenderPageOptions, type RenderPageResult, type FakeRoutes } from './render-page';
export { FakeApi, createFakeApi, respond, respondError, type FakeCall, type FakeReply, type FakeResponse, type HttpMethod } from './fake-api';
export { makeProfile } from './profile';
export { describeAreaContract, type AreaContract } from './area-contract';
