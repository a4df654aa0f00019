// Feature route modules (disputes, annotations, replays…), registered after the core API on the api role.
// Each feature keeps its routes in a file of its own and adds one line here.
import { coverageRoutes } from './coverage/routes';
import type { RouteModule } from './http/context';
import { disputeRoutes } from './judges/disputes';
import { replayRoutes } from './judges/replay-routes';
import { tableRoutes } from './table/routes';

export const routeModules: readonly RouteModule[] = [replayRoutes, disputeRoutes, coverageRoutes, tableRoutes];
