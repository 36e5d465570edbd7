import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type, type Static } from 'typebox';
import { HttpError } from '../../lib/http-error.js';
import {
  calendarData,
  calendarSettings,
  isActiveStudentOf,
  listWidgets,
  pickerUsers,
  widgetSettings,
} from './service.js';
import { calendarMonths } from '@waypoint/domain';

const key = Type.Integer({ minimum: 0, maximum: 2147483647 });
const studentPath = Type.Object({ lmsKey: key, userKey: key });
const widgetSchema = Type.Object({
  widgetKey: Type.Number(),
  widgetType: Type.String(),
  name: Type.String(),
  sortOrder: Type.Number(),
  isDeleted: Type.Number(),
  settings: Type.Record(Type.String(), Type.Unknown()),
});
const monthSchema = Type.Object({
  Month: Type.String(),
  StartDate: Type.Number(),
  EndDate: Type.Number(),
});
const calendarItemSchema = Type.Object({
  name: Type.String(),
  courseKey: Type.Number(),
  curriculumKey: Type.Number(),
  assignmentKey: Type.Number(),
  colorHex: Type.String(),
  startDate: Type.Number(),
  dueDate: Type.Number(),
});
const calendarDataSchema = Type.Object({
  months: Type.Array(
    Type.Object({
      Month: Type.String(),
      StartDate: Type.Number(),
      EndDate: Type.Number(),
      itemsDue: Type.Array(calendarItemSchema),
    }),
  ),
  courses: Type.Array(
    Type.Object({
      courseName: Type.String(),
      aggregationKey: Type.Number(),
      curriculumKey: Type.Number(),
      assignmentKey: Type.Number(),
      colorHex: Type.String(),
      startDate: Type.Number(),
      calcDate: Type.Number(),
    }),
  ),
  settings: Type.Object({ studentPicker: Type.Boolean(), monthsShown: Type.Number() }),
});
const PICKER_DISABLED = 'The student picker is not enabled for this training provider.';

/**
 * Whether the signed-in user may use the calendar's student picker: "shown only when enabled (for
 * admins)" (§2). The LMS's calendar widget must enable it, and the user must have a userType above
 * 0 (instructors who are also students); plain students (userType 0) never may.
 */
async function mayPickStudents(app: FastifyInstance, request: FastifyRequest): Promise<boolean> {
  const session = request.session;
  if (!session || session.userType < 1) return false;
  return (await calendarSettings(app.deps.db, session.lmsKey))?.studentPicker === true;
}

/** Dashboard widgets and the calendar (§2 Dashboard, §3 Calendar, §7 Widget calls). */
export async function widgetRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Params: Static<typeof studentPath> }>(
    '/api/Widget/PostWidget/:lmsKey/:userKey',
    {
      preHandler: app.requireStudentSession,
      schema: { params: studentPath, response: { 200: Type.Array(widgetSchema) } },
    },
    async (request) => listWidgets(app.deps.db, request.params.lmsKey),
  );

  const settingsPath = Type.Object({ lmsKey: key, userKey: key, widgetKey: key });
  app.get<{ Params: Static<typeof settingsPath> }>(
    '/api/Widget/GetWidgetSettingsData/:lmsKey/:userKey/:widgetKey',
    {
      preHandler: app.requireStudentSession,
      schema: { params: settingsPath, response: { 200: widgetSchema } },
    },
    async (request) => {
      const widget = await widgetSettings(
        app.deps.db,
        request.params.lmsKey,
        request.params.widgetKey,
      );
      if (!widget) throw new HttpError(404, 'No such widget.');
      return widget;
    },
  );

  app.post<{ Params: Static<typeof studentPath> }>(
    '/api/Widget/GetCalendarWidgets/:lmsKey/:userKey/GET',
    {
      preHandler: app.requireStudentSession,
      schema: { params: studentPath, response: { 200: Type.Array(monthSchema) } },
    },
    async () => calendarMonths(app.deps.clock.now().getTime()),
  );

  // The dashboard's calendar data (the spec shows no path): the student's own, or with `student`
  // another student of the same LMS when the picker is allowed.
  const calendarQuery = Type.Object({ student: Type.Optional(key) });
  app.get<{ Params: Static<typeof studentPath>; Querystring: Static<typeof calendarQuery> }>(
    '/api/Widget/CalendarData/:lmsKey/:userKey',
    {
      preHandler: app.requireStudentSession,
      schema: {
        params: studentPath,
        querystring: calendarQuery,
        response: { 200: calendarDataSchema },
      },
    },
    async (request) => {
      const { lmsKey, userKey } = request.params;
      let subject = userKey;
      if (request.query.student !== undefined && request.query.student !== userKey) {
        if (!(await mayPickStudents(app, request))) throw new HttpError(403, PICKER_DISABLED);
        if (!(await isActiveStudentOf(app.deps.db, lmsKey, request.query.student))) {
          throw new HttpError(404, 'No such student.');
        }
        subject = request.query.student;
      }
      const [data, settings] = await Promise.all([
        calendarData(app.deps.db, { userKey: subject, lmsKey }, app.deps.clock.now().getTime()),
        calendarSettings(app.deps.db, lmsKey),
      ]);
      return { ...data, settings: settings ?? { studentPicker: false, monthsShown: 4 } };
    },
  );

  // The users list for the calendar's student picker (§7): this LMS only, names only.
  const usersPath = Type.Object({ lmsKey: key });
  const usersQuery = Type.Object({
    search: Type.Optional(Type.String({ maxLength: 100 })),
    count: Type.Optional(Type.Integer({ minimum: 1, maximum: 999999 })),
    filter: Type.Optional(Type.String({ maxLength: 20 })),
    direction: Type.Optional(Type.String({ maxLength: 20 })),
    start: Type.Optional(Type.String({ maxLength: 20 })),
    sort: Type.Optional(Type.String({ maxLength: 40 })),
    inactive: Type.Optional(Type.String({ maxLength: 20 })),
  });
  app.get<{ Params: Static<typeof usersPath>; Querystring: Static<typeof usersQuery> }>(
    '/api/user/:lmsKey/ALL',
    {
      preHandler: app.requireStudentSession,
      schema: {
        params: usersPath,
        querystring: usersQuery,
        response: {
          200: Type.Array(
            Type.Object({
              userKey: Type.Number(),
              userID: Type.String(),
              nameCollated: Type.String(),
              nameOther: Type.String(),
              displayName: Type.String(),
            }),
          ),
        },
      },
    },
    async (request) => {
      if (!(await mayPickStudents(app, request))) throw new HttpError(403, PICKER_DISABLED);
      const users = await pickerUsers(
        app.deps.db,
        request.params.lmsKey,
        request.query.search ?? '',
        request.query.count ?? 999999,
      );
      if (!users) throw new HttpError(403, PICKER_DISABLED);
      return users;
    },
  );
}
