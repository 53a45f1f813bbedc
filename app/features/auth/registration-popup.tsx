import { useRootData } from "../../shell/use-root-data";
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
  const notice = reg.generalError;
  const machineErrors = Object.keys(reg.fieldErrors).length > 0 || notice !== null;
  const errors = machineErrors ? { ...reg.fieldErrors, ...(notice ? { _form: [p.t(notice.key, notice.params)] } : {}) } : p.errors;
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
