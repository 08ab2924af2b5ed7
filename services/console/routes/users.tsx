/**
 * The users page: everyone sees who has access; admins invite (an e-mail with the sign-in
 * address), change roles and remove people. Removing someone ends their sessions at once.
 * @module
 */
import { inviteUser, setUserRole } from "@hire/accounts";
import { isId } from "@hire/ids";
import { can, USER_ROLES, type UserRole } from "@hire/partners";
import { findUser, listUsers } from "@hire/tables";
import { type Context, Hono } from "hono";
import { userActor } from "../actor.ts";
import type { PagesDeps } from "../deps.ts";
import type { SignedInEnv } from "../env.ts";
import { requirePermission } from "../middleware/require.ts";
import { invitationMail } from "../sign_in_mail.ts";
import { roleNames } from "../text/common.ts";
import { usersText } from "../text/users.ts";
import { CsrfField, Notice, Time } from "../views/components.tsx";
import { errorPage, renderPage } from "../views/page.tsx";

const DONE = { invited: "invited", role: "roleChanged", removed: "removed" } as const;

function roleOf(value: unknown): UserRole | undefined {
  return USER_ROLES.find((r) => r === value);
}

/** The users pages, mounted at `/users`. */
export function usersRoutes(deps: PagesDeps): Hono<SignedInEnv> {
  const app = new Hono<SignedInEnv>();

  async function listPage(
    c: Context<SignedInEnv>,
    problem?: { text: string; email?: string; status: 400 | 409 },
  ) {
    const lang = c.get("lang");
    const t = usersText[lang];
    const session = c.get("session");
    const admin = can(session.user.role, "manage_users");
    const users = await listUsers(deps.sql, session.partner.id);
    const done = DONE[c.req.query("done") as keyof typeof DONE];
    const roleSelect = (name: string, selected?: UserRole) => (
      <select name={name} aria-label={t.role}>
        {USER_ROLES.map((r) => (
          <option value={r} selected={r === selected}>{roleNames[lang][r]}</option>
        ))}
      </select>
    );
    return await renderPage(
      c,
      { title: t.title, section: "users", status: problem?.status },
      <>
        <h1>{t.title}</h1>
        <p class="muted">{t.intro}</p>
        {done && <Notice kind="ok">{t[done]}</Notice>}
        {problem && <Notice kind="error">{problem.text}</Notice>}
        <div class="table-scroll">
          <table>
            <thead>
              <tr>
                <th scope="col">{t.email}</th>
                <th scope="col">{t.role}</th>
                <th scope="col">{t.added}</th>
                <th scope="col">{t.lastSignIn}</th>
                {admin && <th scope="col">{t.actions}</th>}
              </tr>
            </thead>
            <tbody>
              {users.map((u) => (
                <tr>
                  <td>
                    <bdi dir="ltr">{u.email}</bdi> {u.id === session.user.id && t.you}
                  </td>
                  <td>{roleNames[lang][u.role]}</td>
                  <td>
                    <Time at={u.created_at} lang={lang} />
                  </td>
                  <td>
                    <Time at={u.last_sign_in_at} lang={lang} />
                  </td>
                  {admin && (
                    <td>
                      <form method="post" action={`/users/${u.id}/role`} class="inline">
                        <CsrfField session={session} />
                        {roleSelect("role", u.role)}{" "}
                        <button type="submit" class="secondary">{t.changeRole}</button>
                      </form>{" "}
                      <a class="button secondary" href={`/users/${u.id}/remove`}>{t.remove}</a>
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {admin && (
          <section class="card">
            <h2>{t.inviteTitle}</h2>
            <form method="post" action="/users">
              <CsrfField session={session} />
              <label>
                {t.email}
                <input type="email" name="email" required dir="ltr" value={problem?.email ?? ""} />
              </label>
              <label>
                {t.role}
                {roleSelect("role", "developer")}
              </label>
              <button type="submit">{t.invite}</button>
            </form>
          </section>
        )}
      </>,
    );
  }

  app.get("/", (c) => listPage(c));

  app.post("/", requirePermission("manage_users"), async (c) => {
    const t = usersText[c.get("lang")];
    const session = c.get("session");
    const form = await c.req.parseBody();
    const email = typeof form.email === "string" ? form.email.slice(0, 320) : "";
    const role = roleOf(form.role);
    if (!role) return await listPage(c, { text: t.invalidRole, email, status: 400 });
    const made = await inviteUser(deps.sql, {
      partnerId: session.partner.id,
      email,
      role,
      actor: userActor(c.get("session")),
    });
    if (made === "invalid_email") {
      return await listPage(c, { text: t.invalidEmail, email, status: 400 });
    }
    if (made === "email_taken") {
      return await listPage(c, { text: t.emailTaken, email, status: 409 });
    }
    const { mailer } = deps;
    if (mailer) {
      deps.background.run(() =>
        mailer.send(invitationMail({
          to: made.email,
          partnerName: session.partner.name,
          invitedBy: session.user.email,
          signInUrl: new URL("/sign-in", deps.baseUrl).href,
        })).catch((err) => deps.log.error("invitation not sent", { err, user_id: made.id }))
      );
    }
    return c.redirect("/users?done=invited", 303);
  });

  const loadUser = async (c: Context<SignedInEnv>) => {
    const id = c.req.param("id") ?? "";
    return isId("usr", id) ? await findUser(deps.sql, c.get("session").partner.id, id) : undefined;
  };

  app.get("/:id/remove", requirePermission("manage_users"), async (c) => {
    const user = await loadUser(c);
    if (!user) return await errorPage(c, 404);
    const t = usersText[c.get("lang")];
    return await renderPage(
      c,
      { title: t.removeTitle, section: "users" },
      <section class="narrow">
        <h1>{t.removeTitle}</h1>
        <p>{t.removeText(user.email)}</p>
        <form method="post" action={`/users/${user.id}/remove`} class="actions">
          <CsrfField session={c.get("session")} />
          <button type="submit" class="danger">{t.removeConfirm}</button>
          <a href="/users">{usersText[c.get("lang")].title}</a>
        </form>
      </section>,
    );
  });

  for (
    const [path, roleFrom] of [
      ["/:id/role", (form: Record<string, unknown>) => roleOf(form.role)],
      ["/:id/remove", () => null],
    ] as const
  ) {
    app.post(path, requirePermission("manage_users"), async (c) => {
      const t = usersText[c.get("lang")];
      const session = c.get("session");
      const id = c.req.param("id") ?? "";
      const role = roleFrom(await c.req.parseBody());
      if (role === undefined) return await listPage(c, { text: t.invalidRole, status: 400 });
      if (!isId("usr", id)) return await errorPage(c, 404);
      const changed = await setUserRole(deps.sql, {
        partnerId: session.partner.id,
        userId: id,
        role,
        actor: userActor(c.get("session")),
      });
      if (changed === "not_found") return await errorPage(c, 404);
      if (changed === "last_admin") return await listPage(c, { text: t.lastAdmin, status: 409 });
      // Removing oneself ends one's own session: the next page is the sign-in page.
      return c.redirect(`/users?done=${role === null ? "removed" : "role"}`, 303);
    });
  }

  return app;
}
