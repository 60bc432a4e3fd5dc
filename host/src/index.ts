import { startEarly } from './early-start';

// A signed-in page's first two requests leave now, while the rest of the app's code still loads.
startEarly();

// Async boundary: the shared singletons (React, antd, shared-core ...) are negotiated by the
// federation runtime before any of them is imported.
import(/* webpackChunkName: "bootstrap" */ './bootstrap');
