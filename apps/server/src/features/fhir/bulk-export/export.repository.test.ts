import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '#app/db/result-rows';
import { userGroups, users } from '#app/db/schema/users';
import { useTestApp } from '#app/test/build-test-app';
import { createParticipant } from '#app/test/factories';
import { pageGroupMembers } from './export.repository';

const testApp = useTestApp();
let groupId: number;
const members: number[] = [];

beforeAll(async () => {
  const [group] = await testApp.db
    .insert(userGroups)
    .values({ name: 'Hip class' })
    .returning({ id: userGroups.id });
  groupId = group?.id ?? 0;
  for (let i = 0; i < 40; i += 1) {
    const { id } = await createParticipant(testApp.db);
    if (i % 10 === 0) {
      members.push(id);
      await testApp.db.update(users).set({ groupId }).where(eq(users.id, id));
    }
  }
  await testApp.db.execute(sql`analyze users`);
}, 60_000);

describe("a FHIR Group export's pages of members", () => {
  it('come in id order from where the last page ended', async () => {
    expect(await pageGroupMembers(testApp.db, groupId, 0, 3)).toEqual(members.slice(0, 3));
    expect(await pageGroupMembers(testApp.db, groupId, members[2] ?? 0, 3)).toEqual(
      members.slice(3),
    );
  });

  it("are read from the group's index, not by walking every user", async () => {
    // Planning only (no rows read): which index serves "this group's members after id N".
    const plan = await testApp.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      return tx.execute(
        sql`explain select id from users where role = 'PARTICIPANT' and group_id = ${groupId}
          and id > 0 order by id limit 100`,
      );
    });
    expect(JSON.stringify(rowsOf(plan))).toContain('users_group_idx');
  });
});
