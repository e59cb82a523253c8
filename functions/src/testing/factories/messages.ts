import { sql } from 'kysely';
import type { Database } from '../../platform/database/database';

/**
 * A fault between a change and its messages: from now every insert into `messages` fails
 * (the server's error log silenced meanwhile, its calls in `quiet`). `restore` undoes both.
 */
export async function refuseMessages(db: Database) {
  await sql`create function refuse_messages() returns trigger language plpgsql as $$
    begin raise exception 'injected fault'; end $$`.execute(db);
  await sql`create trigger refuse_messages before insert on messages
    for each row execute function refuse_messages()`.execute(db);
  const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  const restore = async () => {
    quiet.mockRestore();
    await sql`drop trigger refuse_messages on messages`.execute(db);
    await sql`drop function refuse_messages()`.execute(db);
  };
  return { quiet, restore };
}
