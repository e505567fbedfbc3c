import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AUDIT_ACTIONS } from '@recovery-portal/contract/audit';
import { successEnvelope } from '@recovery-portal/contract/envelope';
import { API_PATHS } from '@recovery-portal/contract/paths';
import {
  createTaskSchema,
  myTasksQuerySchema,
  myTasksSchema,
  participantTasksQuerySchema,
  taskListSchema,
  taskPathSchema,
  taskSchema,
  updateTaskSchema,
  type Task,
} from '@recovery-portal/contract/tasks';
import type { FastifyRequest } from 'fastify';
import type { Database } from '#app/db/client';
import { ok } from '#app/lib/envelope';
import { errorResponses } from '#app/lib/route-errors';
import { currentStaff } from '#app/plugins/auth';
import { auditedWithin, auditRequest } from '#app/core/audit/request-audit';
import { auditedParticipantRead } from '#app/core/audit/participant-read';
import {
  completeTask,
  createTask,
  deleteTask,
  myTasks,
  participantTasks,
  reopenTask,
  updateTask,
} from './tasks.service';

/**
 * Follow-up tasks (ADR 0018): clinicians only, like the participant screens. Every change is
 * audited against the participant, naming the task; the titles and notes stay out of the trail.
 */
export function registerTaskRoutes(app: FastifyInstance, db: Database) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const config = { access: ['CLINICIAN'] } as const;
  const tags = ['tasks'];
  const taskResponse = {
    200: successEnvelope(taskSchema),
    ...errorResponses(400, 401, 403, 404, 409, 422),
  };

  const auditTask = (request: FastifyRequest, task: Task, extra: Record<string, unknown> = {}) =>
    auditRequest(db, request, {
      subjectType: 'participant',
      subjectId: task.participant_id,
      details: {
        task_id: task.id,
        due_on: task.due_on,
        assignee_id: task.assignee?.id ?? null,
        flag_id: task.flag_id,
        ...extra,
      },
    });

  routes.post(
    API_PATHS.tasks.create,
    {
      config: { ...config, audit: AUDIT_ACTIONS.taskCreate },
      schema: {
        tags,
        summary: 'Creates a follow-up task for a participant (optionally from one of their flags)',
        body: createTaskSchema,
        response: taskResponse,
      },
    },
    async (request) => {
      const task = await createTask(db, request.body, currentStaff(request).id);
      await auditTask(request, task);
      return ok(task);
    },
  );

  routes.get(
    API_PATHS.tasks.mine,
    {
      config: { ...config, audit: AUDIT_ACTIONS.myTasksList },
      schema: {
        tags,
        summary: "The caller's open tasks by due date; overdue counted against `today`",
        querystring: myTasksQuerySchema,
        response: { 200: successEnvelope(myTasksSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const staffId = currentStaff(request).id;
      // The statement adds the ids of the tasks returned to the row's details.
      const data = await auditedWithin(request, { subjectType: 'task_list' }, (audit) =>
        myTasks(db, staffId, request.query.today, audit),
      );
      return ok(data);
    },
  );

  routes.get(
    API_PATHS.tasks.participant,
    {
      config: { ...config, audit: AUDIT_ACTIONS.participantTasksView },
      schema: {
        tags,
        summary: "A participant's tasks: open by due date, then done (latest first)",
        querystring: participantTasksQuerySchema,
        response: {
          200: successEnvelope(taskListSchema),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) => {
      const { user_id } = request.query;
      // The statement counts the tasks into the row's details.
      const data = await auditedParticipantRead(request, user_id, (audit) =>
        participantTasks(db, user_id, audit),
      );
      return ok(data);
    },
  );

  routes.post(
    API_PATHS.tasks.done(':id'),
    {
      config: { ...config, audit: AUDIT_ACTIONS.taskComplete },
      schema: {
        tags,
        summary: 'Marks a task done by the caller now; 409 when already done',
        params: taskPathSchema,
        response: taskResponse,
      },
    },
    async (request) => {
      const task = await completeTask(db, request.params.id, currentStaff(request).id);
      await auditTask(request, task);
      return ok(task);
    },
  );

  routes.post(
    API_PATHS.tasks.reopen(':id'),
    {
      config: { ...config, audit: AUDIT_ACTIONS.taskReopen },
      schema: {
        tags,
        summary: 'Opens a done task again; 409 when it is open',
        params: taskPathSchema,
        response: taskResponse,
      },
    },
    async (request) => {
      const task = await reopenTask(db, request.params.id);
      await auditTask(request, task);
      return ok(task);
    },
  );

  routes.patch(
    API_PATHS.tasks.task(':id'),
    {
      config: { ...config, audit: AUDIT_ACTIONS.taskUpdate },
      schema: {
        tags,
        summary:
          'Edits a task: title, due date, note, or assignee (reassigning it); 422 for an assignee who cannot take tasks',
        params: taskPathSchema,
        body: updateTaskSchema,
        response: taskResponse,
      },
    },
    async (request) => {
      const { task, changes } = await updateTask(db, request.params.id, request.body);
      await auditTask(request, task, { ...changes });
      return ok(task);
    },
  );

  routes.delete(
    API_PATHS.tasks.task(':id'),
    {
      config: { ...config, audit: AUDIT_ACTIONS.taskDelete },
      schema: {
        tags,
        summary: 'Deletes a task; the audit trail keeps that it existed',
        params: taskPathSchema,
        response: taskResponse,
      },
    },
    async (request) => {
      const task = await deleteTask(db, request.params.id);
      await auditTask(request, task);
      return ok(task);
    },
  );
}
