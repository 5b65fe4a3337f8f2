import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import type { AccountActionData } from "~/components/client/account-forms";
import { PhoneCodeSchema } from "~/domain/account/phone-verification";
import {
  ChangePasswordSchema,
  ConsentSchema,
  DeleteAccountSchema,
  ExchangeRewardSchema,
  ProfileSchema,
} from "~/domain/loyalty/schemas";
import { clientMessages } from "~/lib/messages/client.fr";
import { forwardCookies, getAuth } from "~/server/auth.server";
import type { Db } from "~/server/db.server";
import { flashHeaders } from "~/server/flash.server";
import type { ErrorTexts } from "~/domain/errors/error-text";
import { failureOf, formFailure } from "~/server/http/failure.server";
import { changeClientPassword } from "~/server/services/account/change-client-password.server";
import { setClientConsent } from "~/server/services/account/client-consent.server";
import { deleteClientAccount } from "~/server/services/account/delete-client-account.server";
import { updateClientProfile } from "~/server/services/account/update-client-profile.server";
import { confirmPhoneCode, sendPhoneCode } from "~/server/services/account/verify-phone.server";
import { exchangeReward } from "~/server/services/loyalty/exchange-reward.server";

/**
 * The forms of the client space, one handler per intent: exchange a reward, edit the profile,
 * change the password, record consent choices, verify the phone, delete the account. The session
 * decides whose data: no id is read from the form except the reward's.
 */

const t = clientMessages;
const a = t.account;

/** The current password's refusals, said at its field: too many checks read as a wrong one. */
const PASSWORD_TEXTS: ErrorTexts = { RATE_LIMITED: a.wrongPassword };

type ActionData =
  | AccountActionData
  | { intent: "exchange"; ok: false; message: string }
  | { intent: "phone-send" | "phone-confirm"; ok: false; message: string; code?: string };

/** Ends the session of a deleted account: better-auth's sign-out, or expired cookies when it has none left. */
async function signedOutHeaders(request: Request): Promise<Headers> {
  try {
    const result = await getAuth().api.signOut({ headers: request.headers, returnHeaders: true });
    return forwardCookies(result.headers);
  } catch {
    const headers = new Headers();
    for (const part of (request.headers.get("cookie") ?? "").split(";")) {
      const name = part.split("=")[0]?.trim() ?? "";
      if (/^(__Secure-)?better-auth\./.test(name)) {
        const secure = name.startsWith("__Secure-") ? "; Secure" : "";
        headers.append("Set-Cookie", `${name}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${secure}`);
      }
    }
    return headers;
  }
}

interface IntentInput {
  request: Request;
  formData: FormData;
  /** The signed-in client's id (from the session, never from the form). */
  userId: string;
  db: Db;
}

/** Exchanges points for a reward (the only id read from the form). */
async function exchange({ formData, userId, db }: IntentInput) {
  const intent = "exchange";
  const parsed = ExchangeRewardSchema.safeParse({ reward_id: formData.get("reward_id") });
  if (!parsed.success) {
    return data<ActionData>({ intent, ok: false, message: t.rewards.unknownReward }, { status: 400 });
  }
  let rewardName: string;
  try {
    ({ rewardName } = await exchangeReward(db, { userId: userId, rewardId: parsed.data.reward_id }));
  } catch (error) {
    const { message, status } = failureOf(error, { NOT_FOUND: t.rewards.unknownReward });
    return data<ActionData>({ intent, ok: false, message }, { status });
  }
  throw redirect("/client", { headers: await flashHeaders({ title: t.rewards.success(rewardName) }) });
}

/** Saves the profile (name, phone, address). */
async function editProfile({ formData, userId, db }: IntentInput) {
  const intent = "profile";
  const submission = parseWithZod(formData, { schema: ProfileSchema });
  if (submission.status !== "success") {
    return data<ActionData>({ intent, ok: false, result: submission.reply() }, { status: 400 });
  }
  await updateClientProfile(db, { userId: userId, input: submission.value });
  return data<ActionData>({ intent, ok: true, message: a.saved, result: submission.reply() });
}

/** Changes the password through better-auth; the new session cookie is forwarded. */
async function changePassword({ request, formData }: IntentInput) {
  const intent = "password";
  const hideFields = ["currentPassword", "newPassword", "confirmPassword"];
  const submission = parseWithZod(formData, { schema: ChangePasswordSchema });
  if (submission.status !== "success") {
    return data<ActionData>({ intent, ok: false, result: submission.reply({ hideFields }) }, { status: 400 });
  }
  try {
    const changed = await changeClientPassword({ input: submission.value, headers: request.headers });
    return data<ActionData>(
      { intent, ok: true, message: a.passwordChanged, result: submission.reply({ resetForm: true }) },
      { headers: forwardCookies(changed.headers) },
    );
  } catch (error) {
    const { failure, result } = formFailure(error, submission, {
      texts: PASSWORD_TEXTS,
      fields: { WRONG_PASSWORD: "currentPassword", RATE_LIMITED: "currentPassword" },
      hideFields,
    });
    return data<ActionData>({ intent, ok: false, result }, { status: failure.status });
  }
}

/** Records the e-mail and SMS consent choices. */
async function recordConsent({ formData, userId, db }: IntentInput) {
  const intent = "consent";
  const parsed = ConsentSchema.safeParse({
    email: formData.get("email") ?? undefined,
    sms: formData.get("sms") ?? undefined,
  });
  if (!parsed.success)
    return data<ActionData>({ intent, ok: false, message: a.invalidRequest }, { status: 400 });
  await setClientConsent(db, { userId: userId, choice: parsed.data });
  throw redirect("/client#mon-compte", { headers: await flashHeaders({ title: a.consentSaved }) });
}

/** Sends a verification code by SMS to the profile's phone. */
async function sendCode({ userId, db }: IntentInput) {
  const intent = "phone-send";
  const p = t.phoneVerification;
  let phone: string;
  try {
    ({ phone } = await sendPhoneCode(db, { userId: userId }));
  } catch (error) {
    const { message, status } = failureOf(error, { RATE_LIMITED: p.rateLimited });
    return data<ActionData>({ intent, ok: false, message }, { status });
  }
  throw redirect("/client#mon-compte", { headers: await flashHeaders({ title: p.sent(phone) }) });
}

/** Checks the typed verification code. */
async function confirmCode({ formData, userId, db }: IntentInput) {
  const intent = "phone-confirm";
  const p = t.phoneVerification;
  const typed = String(formData.get("code") ?? "").slice(0, 20);
  const parsed = PhoneCodeSchema.safeParse({ code: formData.get("code") ?? undefined });
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? p.codeFormat;
    return data<ActionData>({ intent, ok: false, message, code: typed }, { status: 400 });
  }
  try {
    await confirmPhoneCode(db, { userId: userId, code: parsed.data.code });
  } catch (error) {
    const { message, status } = failureOf(error);
    return data<ActionData>({ intent, ok: false, message, code: typed }, { status });
  }
  throw redirect("/client#mon-compte", { headers: await flashHeaders({ title: p.confirmed }) });
}

/** Deletes the account (password confirmed) and ends its session. */
async function deleteAccount({ request, formData, userId, db }: IntentInput) {
  const intent = "delete";
  const submission = parseWithZod(formData, { schema: DeleteAccountSchema });
  if (submission.status !== "success") {
    return data<ActionData>(
      { intent, ok: false, result: submission.reply({ hideFields: ["password"] }) },
      { status: 400 },
    );
  }
  try {
    await deleteClientAccount(db, { userId: userId, password: submission.value.password });
  } catch (error) {
    const { failure, result } = formFailure(error, submission, {
      texts: PASSWORD_TEXTS,
      fields: { WRONG_PASSWORD: "password", RATE_LIMITED: "password" },
      hideFields: ["password"],
    });
    return data<ActionData>({ intent, ok: false, result }, { status: failure.status });
  }
  const headers = await flashHeaders(
    { title: a.deleted, description: a.deletedText },
    await signedOutHeaders(request),
  );
  throw redirect("/", { headers });
}

const HANDLERS = {
  exchange: exchange,
  profile: editProfile,
  password: changePassword,
  consent: recordConsent,
  "phone-send": sendCode,
  "phone-confirm": confirmCode,
  delete: deleteAccount,
};

/** Runs the handler of the form's intent; an unknown intent is a 400 with a French message. */
export async function handleClientIntent(input: IntentInput) {
  const intent = String(input.formData.get("intent") ?? "");
  if (!Object.hasOwn(HANDLERS, intent)) {
    return data<ActionData>({ intent, ok: false, message: a.invalidRequest }, { status: 400 });
  }
  return HANDLERS[intent as keyof typeof HANDLERS](input);
}
