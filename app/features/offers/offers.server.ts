import { marketRules } from "../responsible/market";
import { data, redirect, type RouterContextProvider } from "react-router";
import { z } from "zod";
import { PlatformError } from "../../../core/api/errors";
import { orErrorPage } from "../../lib/api/page-errors.server";
import { createT } from "../../lib/i18n/translate";
import { redirectWithToast } from "../../lib/toast.server";
import { getPlatform } from "../../middleware/platform.server";
import { fillSeoTemplate } from "../content/seo.server";
import { getSite, requirePlayer, sitePath } from "../site/site.server";

type Args = { request: Request; context: Readonly<RouterContextProvider> };

/** The Take form of an offer (both pages): one field, checked again by the platform. */
export const TakeOfferForm = z.object({
  offer_id: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 31),
});

export type TakeOfferData = { offerId: number; formErrors: string[] } | undefined;

/** `/offers` (SPEC §2, protected: offers are personal): the offers available to the player. */
export async function loadOffers({ request, context }: Args) {
  await requirePlayer(context, request);
  const site = getSite(context);
  const [list, account] = await Promise.all([
    orErrorPage(getPlatform(context).withLocale(site.locale).call("campaigns.getoffers", {})),
    orErrorPage(site.account()),
  ]);
  return { offers: list.items, market: marketRules(account), siteName: site.metadata.siteName, title: createT(site.messages)("offers.title") };
}

/** `/offers/{id}`: one offer of the player's, 404 when it is not (or no longer) theirs; meta from the CMS's offer SEO template. */
export async function loadOffer({ request, context, id }: Args & { id: string | undefined }) {
  await requirePlayer(context, request);
  const site = getSite(context);
  const offerId = Number(id);
  if (!/^\d{1,10}$/.test(id ?? "") || !(offerId > 0)) throw data("Not found", { status: 404 });
  const offer = await getPlatform(context)
    .withLocale(site.locale)
    .call("campaigns.getOffer", { offer_id: offerId })
    .catch((e: unknown) => {
      if (e instanceof PlatformError && e.status < 500 && e.status !== 401) throw data("Not found", { status: 404 });
      throw e;
    });
  const template = site.cms.seo.templates.offer;
  const values = { title: offer.description?.title ?? offer.sysname, text: offer.description?.text ?? "" };
  return {
    offer,
    siteName: site.metadata.siteName,
    title: template ? fillSeoTemplate(template.title, values) : values.title,
    description: template ? fillSeoTemplate(template.description, values) : values.text,
  };
}

/** Take an offer (the same with and without JavaScript): back to the list with a toast, a refusal beside the offer. */
export async function takeOfferAction({ request, context }: Args) {
  await requirePlayer(context, request);
  const t = createT(getSite(context).messages);
  const form = TakeOfferForm.safeParse(Object.fromEntries(await request.formData()));
  if (!form.success) throw data("Unknown form", { status: 400 });
  const { offer_id } = form.data;
  try {
    await getPlatform(context).call("campaigns.takepromotions", { offer_id });
  } catch (e) {
    if (!(e instanceof PlatformError) || e.status >= 500) throw e;
    if (e.status === 401) throw redirect(sitePath(context, "/"));
    return data({ offerId: offer_id, formErrors: [t("offers.gone")] } satisfies TakeOfferData, { status: e.status });
  }
  return redirectWithToast(sitePath(context, "/offers"), { type: "success", text: t("offers.taken") });
}
