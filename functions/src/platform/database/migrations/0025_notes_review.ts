import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Her review of a notes request, note by note (functions/src/clinical/notes-requests.ts): the
  // version she read (when it was signed, how many addenda it had then). The release sends only
  // notes whose version is still the one she reviewed; a note signed or added to since asks for
  // another review. Deleted with the request or the note.
  await sql`
    create table notes_request_reviews (
      request_id uuid not null references notes_requests (id) on delete cascade,
      note_id uuid not null references session_notes (id) on delete cascade,
      signed_at timestamptz not null,
      addenda integer not null check (addenda >= 0),
      reviewed_at timestamptz not null,
      reviewed_by text not null,
      primary key (request_id, note_id)
    )`.execute(db);
  // A released request is an answer given: its review can no longer change.
  await sql`
    create function notes_request_review_open() returns trigger language plpgsql as $$
    begin
      if exists (select 1 from notes_requests
                 where id = new.request_id and released_at is not null) then
        raise exception 'notes request % is already released', new.request_id
          using errcode = 'check_violation';
      end if;
      return new;
    end $$`.execute(db);
  await sql`
    create trigger notes_request_reviews_open before insert or update on notes_request_reviews
    for each row execute function notes_request_review_open()`.execute(db);
}
