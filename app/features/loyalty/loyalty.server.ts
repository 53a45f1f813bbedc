import { data, redirect, type RouterContextProvider } from "react-router";
import { z } from "zod";
import { LOYALTY_BUY_ERRORS, type LoyaltyBuyError } from "../../../core/api/contract-loyalty";
import { PlatformError } from "../../../core/api/errors";
import { orErrorPage } from "../../lib/api/page-errors.server";
import { createT } from "../../lib/i18n/translate";
import { redirectWithToast } from "../../lib/toast.server";
import { getPlatform } from "../../middleware/platform.server";
import { seoMeta } from "../content/seo.server";
import { getSite, requirePlayer, sitePath } from "../site/site.server";
import { buySignIn } from "./buy-link";
import { BUY_KEY, CHARACTER_KEY, CHARACTERS_KEY, HISTORY_OFFSET_KEY, QUEST_KEY } from "./keys";
import { HISTORY_PAGE } from "./records";

type Args = { request: Request; context: Readonly<RouterContextProvider> };

const idParam = (value: string | null) => (value && /^\d{1,10}$/.test(value) && Number(value) > 0 ? Number(value) : null);

/** Any platform refusal but a server error or a lost session: answered to the player, not an error page. */
function refusal(e: unknown, context: Args["context"]): PlatformError {
  if (!(e instanceof PlatformError) || e.status >= 500) throw e;
  if (e.status === 401) throw redirect(sitePath(context, "/"));
  return e;
}

/**
 * The signed-in player's loyalty state, null for a visitor: the programme and the shop are public
 * (decision 0100), the player's own place in them is shown when there is one.
 */
function ownInfo(context: Args["context"], platform: ReturnType<typeof getPlatform>) {
  return orErrorPage(getSite(context).playerRead(() => platform.call("loyalty.getinfo")));
}

/**
 * `/loyalty` and `/loyalty/{sysname}` (SPEC §1; public, decision 0100): a programme (the first
 * one, or the one named; 404 for another name), its levels, how points are earned and what they
 * are worth — with the player's points and place when signed in, the way to join for a visitor.
 */
export async function loadProgramme({ request, context, sysname }: Args & { sysname?: string }) {
  const site = getSite(context);
  if (site.unknownLocale) throw data("Not found", { status: 404 });
  const platform = getPlatform(context).withLocale(site.locale);
  if (sysname !== undefined && !/^[a-z0-9_-]{1,64}$/.test(sysname)) throw data("Not found", { status: 404 });
  const programme = sysname
    ? platform.call("loyalty.getProgram", { sysname }).catch((e: unknown) => {
        refusal(e, context);
        throw data("Not found", { status: 404 });
      })
    : orErrorPage(platform.call("loyalty.getPrograms", {})).then((list) => {
        if (!list.items[0]) throw data("Not found", { status: 404 });
        return list.items[0];
      });
  const [program, info] = await Promise.all([programme, ownInfo(context, platform)]);
  const t = createT(site.messages);
  return { program, info, meta: seoMeta({ title: program.title || t("loyalty.title"), description: t("loyalty.metaDescription") }, site.metadata.siteName) };
}

/**
 * `/loyalty/shop` (public, decision 0100): the products, the player's points, and with `?buy=<id>`
 * that product's confirm (or not-enough-points) dialog. A visitor's `?buy=` (a shared link, or a
 * Buy without JavaScript's help) is the sign-in popup over the shop, coming back to that dialog.
 */
export async function loadShop({ request, context }: Args) {
  const site = getSite(context);
  if (site.unknownLocale) throw data("Not found", { status: 404 });
  const platform = getPlatform(context).withLocale(site.locale);
  const [products, info] = await Promise.all([orErrorPage(platform.call("loyalty.getproducts", { limit: 100 })), ownInfo(context, platform)]);
  const wanted = idParam(new URL(request.url).searchParams.get(BUY_KEY));
  const shop = sitePath(context, "/loyalty/shop");
  if (!info && wanted !== null) throw redirect(buySignIn(shop, wanted));
  const t = createT(site.messages);
  return {
    products: products.items,
    info,
    buying: (info && products.items.find((p) => p.id === wanted)) ?? null,
    /** The confirm form's idempotency key: a double submit buys once. */
    key: crypto.randomUUID(),
    meta: seoMeta({ title: t("loyalty.shop.title"), description: t("loyalty.shop.metaDescription") }, site.metadata.siteName),
  };
}

export const BuyForm = z.object({
  product_id: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 31),
  key: z.string().regex(/^[A-Za-z0-9_.:-]{8,64}$/),
});

export type ShopActionData = { productId: number; formErrors: string[] } | undefined;

/** Buy (the confirm dialog's form, with and without JavaScript): back to the shop with a toast, or the refusal beside the product. */
export async function shopAction({ request, context }: Args) {
  await requirePlayer(context, request);
  const t = createT(getSite(context).messages);
  const form = BuyForm.safeParse(Object.fromEntries(await request.formData()));
  if (!form.success) throw data("Unknown form", { status: 400 });
  const { product_id, key } = form.data;
  const platform = getPlatform(context);
  try {
    await platform.call("loyalty.buyproduct", { product_id, key });
  } catch (e) {
    const refused = refusal(e, context);
    const code = String(refused.params?.code ?? "failed") as LoyaltyBuyError | "failed";
    // Not enough points (spent elsewhere meanwhile): the dialog again, which now says so.
    if (code === "insufficient_points") throw redirect(sitePath(context, `/loyalty/shop?${BUY_KEY}=${product_id}`));
    const known = (LOYALTY_BUY_ERRORS as readonly string[]).includes(code);
    return data({ productId: product_id, formErrors: [t(`loyalty.shop.errors.${known ? code : "failed"}`)] } satisfies ShopActionData, {
      status: refused.status,
    });
  }
  const product = (await platform.call("loyalty.getproducts", { limit: 100 }).catch(() => ({ items: [] }))).items.find((p) => p.id === product_id);
  return redirectWithToast(sitePath(context, "/loyalty/shop"), { type: "success", text: t("loyalty.shop.bought", { title: product?.title ?? "" }) });
}

/** `/profile/loyalty`: points, level and progress, what they are worth, the character and the choice of another. */
export async function loadProfileLoyalty({ request, context }: Args) {
  await requirePlayer(context, request);
  const site = getSite(context);
  const platform = getPlatform(context).withLocale(site.locale);
  const query = new URL(request.url).searchParams;
  const rawFrom = query.get(HISTORY_OFFSET_KEY) ?? "";
  const from = /^\d{1,6}$/.test(rawFrom) ? Number(rawFrom) : 0;
  const [info, characters, quests, history] = await Promise.all([
    orErrorPage(platform.call("loyalty.getinfo")),
    orErrorPage(platform.call("loyalty.getcharacters", { limit: 100 })),
    orErrorPage(platform.call("loyalty.getquests")),
    orErrorPage(platform.call("loyalty.gethistory", { offset: from, limit: HISTORY_PAGE })),
  ]);
  const wanted = idParam(query.get(CHARACTER_KEY));
  const quest = idParam(query.get(QUEST_KEY));
  return {
    info,
    characters: characters.items,
    choosing: characters.items.find((c) => c.id === wanted && c.id !== info.character?.id) ?? null,
    /** The character change popup is open (`?characters=1`). */
    picking: query.get(CHARACTERS_KEY) === "1",
    quests: quests.items,
    questOpen: quests.items.find((q) => q.id === quest) ?? null,
    history: { ...history, offset: from },
    siteName: site.metadata.siteName,
    title: createT(site.messages)("loyalty.character.title"),
  };
}

export const CharacterForm = z.object({
  character_id: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 31),
});
export type CharacterActionData = { formErrors: string[] } | undefined;

/** Choose a character (the confirm dialog's form, with and without JavaScript). */
export async function characterAction({ request, context }: Args) {
  await requirePlayer(context, request);
  const t = createT(getSite(context).messages);
  const form = CharacterForm.safeParse(Object.fromEntries(await request.formData()));
  if (!form.success) throw data("Unknown form", { status: 400 });
  try {
    const character = await getPlatform(context).withLocale(getSite(context).locale).call("loyalty.setcharacter", { id: form.data.character_id });
    return redirectWithToast(sitePath(context, "/profile/loyalty"), { type: "success", text: t("loyalty.character.changed", { title: character.title }) });
  } catch (e) {
    const refused = refusal(e, context);
    return data({ formErrors: [t("loyalty.character.gone")] } satisfies CharacterActionData, { status: refused.status });
  }
}
