import type { ActivityKind } from '@greencart/domain';

/** Query keys of the staff feature: who is signed in to the seller area, the team, and the activity log. */
export const staffKeys = {
  all: ['staff'] as const,
  me: () => [...staffKeys.all, 'me'] as const,
  team: () => [...staffKeys.all, 'team'] as const,
  activity: (filters: ActivityFilters) => [...staffKeys.all, 'activity', filters] as const,
};

export interface ActivityFilters {
  from?: string;
  to?: string;
  actor?: string;
  kind?: ActivityKind;
  page: number;
}
