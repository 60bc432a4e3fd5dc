// Async boundary: the shared singletons (React, antd, shared-core ...) are negotiated by the
// federation runtime before any of them is imported.
import(/* webpackChunkName: "bootstrap" */ './bootstrap');
