import type { Route } from "./+types/profile.verification";
import { ProfileNav } from "../features/profile/profile-nav";
import { HostedFrame, StartForm, useHostedFrame, useLiveVerification, VerificationStatus } from "../features/verification/verification-panel";
import { loadVerification, verificationAction, type VerificationActionData } from "../features/verification/verification.server";
import { useT } from "../lib/i18n/use-t";
import { getInstance } from "../middleware/i18n.server";

export async function loader(args: Route.LoaderArgs) {
  const data = await loadVerification(args);
  return { ...data, title: getInstance(args.context).t("profile.verification.title") };
}

export const action = (args: Route.ActionArgs) => verificationAction(args);

/** The player's identity verification (SPEC §2 /profile/verification): the status, and the provider's page to verify at. */
export default function ProfileVerification({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  useLiveVerification();
  const { view, kycBlock } = loaderData;
  const answer = actionData as VerificationActionData;
  // The hosted page comes with the start form's answer only (its token is short-lived): a reload shows the status.
  const frame = useHostedFrame(answer?.frame);
  const refused = (intent: "start" | "submitted") => (answer?.intent === intent ? answer.formErrors : undefined);
  return (
    <section className="responsible">
      <ProfileNav current="/profile/verification" />
      <h1>{t("profile.verification.title")}</h1>
      <section className="responsible__card" aria-labelledby="verification-status">
        <h2 id="verification-status">{t("profile.verification.statusTitle")}</h2>
        <VerificationStatus view={view} kycBlock={kycBlock} />
        {view.canStart && !frame && <StartForm state={view.state} errors={refused("start")} needProfile={answer?.intent === "start" && answer.needProfile} />}
      </section>
      {frame && <HostedFrame frame={frame} errors={refused("submitted")} />}
      {!frame && refused("submitted") && (
        <p className="field-error" role="alert">
          {refused("submitted")!.join(" ")}
        </p>
      )}
    </section>
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.title ?? "Identity verification"} | ${loaderData?.siteName ?? ""}` },
  { name: "robots", content: "noindex" },
];
