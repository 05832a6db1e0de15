import type { DbOrTx } from '../../db/client.ts';
import { decideGroupMove, type GroupActor, type GroupEvent } from './group.states.ts';
import { insertGroupEvent, updateGroup, type GroupRow, type NewGroupRow } from './group.repository.ts';

export interface GroupActorRef {
  kind: GroupActor;
  userId: string | null;
}

export const GROUP_SYSTEM: GroupActorRef = { kind: 'system', userId: null };

/**
 * The one way a group changes status: the table decides (refusing anything it does not list with
 * group.transition.refused), the row is saved with the step's other changes and the event is recorded (who, when,
 * from, to, why) in the same transaction. `group` must have been locked by the caller (lockGroup), so two moves on one
 * group are decided one after the other on the status the first one left.
 */
export async function applyGroupTransition(
  tx: DbOrTx,
  group: GroupRow,
  event: GroupEvent,
  actor: GroupActorRef,
  o: { patch?: Partial<NewGroupRow>; remark?: string | null; data?: unknown } = {},
): Promise<GroupRow> {
  const t = decideGroupMove(group.status, event, actor.kind);
  const updated = await updateGroup(tx, group.id, { ...o.patch, status: t.to });
  await insertGroupEvent(tx, {
    groupOrderId: group.id,
    event,
    fromStatus: group.status,
    toStatus: t.to,
    actorKind: actor.kind === 'agency' ? 'user' : actor.kind,
    actorUserId: actor.userId,
    remark: o.remark ?? null,
    data: o.data,
  });
  return updated;
}
