import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { widgetCalls, widgetSchemas } from '@waypoint/domain/contract';
import {
  calendarData,
  listCalendarMonths,
  listWidgets,
  pickerUsers,
  widgetSettings,
  type Viewer,
} from './service.js';

/** The signed-in user behind a request (requireStudentSession ran first). */
const viewerOf = (request: FastifyRequest): Viewer => ({
  lmsKey: request.session!.lmsKey,
  userKey: request.session!.userKey,
  userType: request.session!.userType,
});

/** Dashboard widgets and the calendar (§2 Dashboard, §3 Calendar, §7 Widget calls). */
export async function widgetRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();
  const guard = { preHandler: app.requireStudentSession };

  app.get(widgetCalls.widgets.route, { ...guard, schema: widgetSchemas.widgets }, async (request) =>
    listWidgets(app.deps, request.params.lmsKey),
  );

  app.get(
    widgetCalls.widgetSettings.route,
    { ...guard, schema: widgetSchemas.widgetSettings },
    async (request) => widgetSettings(app.deps, request.params.lmsKey, request.params.widgetKey),
  );

  app.post(
    widgetCalls.calendarMonths.route,
    { ...guard, schema: widgetSchemas.calendarMonths },
    async () => listCalendarMonths(app.deps),
  );

  app.get(
    widgetCalls.calendarData.route,
    { ...guard, schema: widgetSchemas.calendarData },
    async (request) => calendarData(app.deps, viewerOf(request), request.query.student),
  );

  // The calendar's student picker (§7): this LMS only, names only.
  app.get(
    widgetCalls.pickerUsers.route,
    { ...guard, schema: widgetSchemas.pickerUsers },
    async (request) =>
      pickerUsers(app.deps, viewerOf(request), request.params.lmsKey, request.query),
  );
}
