// Every route module, registered through one path (http/register.ts) in this order; the OpenAPI document is built
// from what was registered. The core match routes (http/core-routes.ts) come first, added by app.ts because their
// OpenAPI route needs the finished list. `gateway: true`: also served by the spectator gateway role.
import { drawingRoutes } from './coverage/drawing-routes';
import { coverageRoutes } from './coverage/routes';
import { eventRoutes } from './events/routes';
import type { RouteModule } from './http/context';
import { liveRoutes } from './http/core-routes';
import { oembedRoutes } from './http/oembed';
import { disputeRoutes } from './judges/disputes';
import { replayRoutes } from './judges/replay-routes';
import { opsRoutes } from './ops/routes';
import { tableRoutes } from './table/routes';
import { windowRoutes } from './window/routes';

export interface ModuleEntry {
  routes: RouteModule;
  gateway?: boolean;
}

export const routeModules: readonly ModuleEntry[] = [
  { routes: opsRoutes, gateway: true },
  { routes: liveRoutes, gateway: true },
  { routes: windowRoutes },
  { routes: replayRoutes },
  { routes: disputeRoutes },
  { routes: coverageRoutes },
  { routes: drawingRoutes },
  { routes: tableRoutes },
  { routes: eventRoutes },
  { routes: oembedRoutes },
];
