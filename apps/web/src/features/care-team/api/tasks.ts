import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { myTasksSchema, taskListSchema, taskSchema } from '@recovery-portal/contract/tasks';
import type {
  CreateTaskInput,
  MyTasks,
  Task,
  UpdateTaskInput,
} from '@recovery-portal/contract/tasks';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { apiRequest } from '#app/lib/api/request.ts';
import { participantListKeys } from '#app/lib/query-keys.ts';
import { taskKeys } from './care-team-keys';

/** GET /api/tasks/mine — my open tasks; `today` is this browser's local date. */
export function getMyTasks(today: string, signal?: AbortSignal): Promise<MyTasks> {
  return apiRequest(API_PATHS.tasks.mine, {
    query: { today },
    schema: myTasksSchema,
    ...(signal ? { signal } : {}),
  });
}

export function getMyTasksQueryOptions(today: string) {
  return queryOptions({
    queryKey: taskKeys.mine(today),
    queryFn: ({ signal }) => getMyTasks(today, signal),
  });
}

export function useMyTasks(today: string) {
  return useQuery(getMyTasksQueryOptions(today));
}

/** GET /api/tasks/participant — the participant's tasks, open ones first. */
export function getParticipantTasks(participantId: number, signal?: AbortSignal): Promise<Task[]> {
  return apiRequest(API_PATHS.tasks.participant, {
    query: { user_id: participantId },
    schema: taskListSchema,
    ...(signal ? { signal } : {}),
  });
}

export function getParticipantTasksQueryOptions(participantId: number) {
  return queryOptions({
    queryKey: taskKeys.participant(participantId),
    queryFn: ({ signal }) => getParticipantTasks(participantId, signal),
  });
}

export function useParticipantTasks(participantId: number) {
  return useQuery(getParticipantTasksQueryOptions(participantId));
}

export function createTask(body: CreateTaskInput): Promise<Task> {
  return apiRequest(API_PATHS.tasks.create, { method: 'POST', body, schema: taskSchema });
}

/** PATCH /api/tasks/{id}: a new title, due date, note or assignee (reassigning it). */
export function updateTask({ id, ...body }: UpdateTaskInput & { id: number }): Promise<Task> {
  return apiRequest(API_PATHS.tasks.task(id), { method: 'PATCH', body, schema: taskSchema });
}

/** DELETE /api/tasks/{id} */
export function deleteTask(id: number): Promise<Task> {
  return apiRequest(API_PATHS.tasks.task(id), { method: 'DELETE', schema: taskSchema });
}

export function completeTask(id: number): Promise<Task> {
  return apiRequest(API_PATHS.tasks.done(id), { method: 'POST', body: {}, schema: taskSchema });
}

export function reopenTask(id: number): Promise<Task> {
  return apiRequest(API_PATHS.tasks.reopen(id), { method: 'POST', body: {}, schema: taskSchema });
}

/**
 * A task change refreshes the task lists now; the Participants list (next due date, overdue
 * filter) refetches when next shown.
 */
function useTaskMutation<T>(mutationFn: (input: T) => Promise<Task>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: async () => {
      await Promise.all(
        [taskKeys.all, participantListKeys.all].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      );
    },
  });
}

export const useCreateTask = () => useTaskMutation(createTask);
export const useCompleteTask = () => useTaskMutation(completeTask);
export const useReopenTask = () => useTaskMutation(reopenTask);
export const useUpdateTask = () => useTaskMutation(updateTask);
export const useDeleteTask = () => useTaskMutation(deleteTask);
