import { useRootData } from "../site/use-root-data";
import { afterRegistrationPath } from "./auth-targets";
import { RegistrationSection, type RegistrationProps } from "./registration-section";
import { useRegistration } from "./use-registration";

/**
 * The popup's registration with the registration machine behind it (use-registration.ts). It
 * renders the same form on the server, so the form works before and without JavaScript.
 */
export function RegistrationPopup(p: Omit<RegistrationProps, "onSubmit" | "onChange" | "formRef">) {
  const root = useRootData()!;
  const home = root.locale === root.defaultLocale ? "/" : `/${root.locale}`;
  const reg = useRegistration({
    config: p.config,
    regType: p.regType,
    personalData: p.personalData,
    locale: root.locale,
    t: p.t,
    target: (betting) => afterRegistrationPath(p.here, home, false, betting),
  });
  const machineErrors = Object.keys(reg.fieldErrors).length > 0 || reg.generalError;
  const errors = machineErrors
    ? { ...reg.fieldErrors, ...(reg.generalError ? { _form: [p.t("auth.errors.wrongRegServerError")] } : {}) }
    : p.errors;
  return (
    <RegistrationSection
      {...p}
      personalData={reg.personalData ?? p.personalData}
      errors={errors}
      busy={p.busy || reg.busy}
      onSubmit={reg.onSubmit}
      onChange={reg.onChange}
      formRef={reg.formRef}
      enhanced={reg.ready}
    />
  );
}
