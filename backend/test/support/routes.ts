import type { NestExpressApplication } from '@nestjs/platform-express';

export interface Route {
  method: string;
  path: string;
}

/** The routes registered on the Express instance under /api (walks the router stack, mounted routers included). */
export function registeredRoutes(app: NestExpressApplication): Route[] {
  const instance = app.getHttpAdapter().getInstance() as { router?: { stack: Layer[] }; _router?: { stack: Layer[] } };
  interface Layer {
    route?: { path: string | string[]; methods: Record<string, boolean> };
    handle?: { stack?: Layer[] };
  }
  const routes: Route[] = [];
  const walk = (stack: Layer[]) => {
    for (const layer of stack) {
      if (layer.route) {
        // Middleware Nest mounts for every HTTP method under the prefix (request logging: `/api`,
        // `/api/{*path}`), not an endpoint; no controller route answers every method.
        if (Object.keys(layer.route.methods).length > 20) continue;
        const paths = Array.isArray(layer.route.path) ? layer.route.path : [layer.route.path];
        for (const path of paths)
          for (const [method, on] of Object.entries(layer.route.methods)) if (on && method !== '_all') routes.push({ method: method.toUpperCase(), path });
      } else if (layer.handle?.stack) {
        walk(layer.handle.stack);
      }
    }
  };
  walk((instance.router ?? instance._router)!.stack);
  const seen = new Set<string>();
  return routes.filter((r) => r.path.startsWith('/api') && !seen.has(`${r.method} ${r.path}`) && seen.add(`${r.method} ${r.path}`));
}
