/**
 * The platform's exception catalogue (SPEC §8) and the HTTP status each maps to.
 * Shared by the embedded platform (to answer) and the app (to read answers).
 */
export const EXCEPTION_STATUS = {
  UnknownError: 500,
  ApplicationDisabled: 503,
  MethodNotFound: 404,
  Authorization: 401,
  InvalidRequest: 400,
  InternalServerError: 500,
  AccessDenied: 403,
  UserDeleted: 410,
  UserBanned: 403,
  UserNeedDeposit: 422,
  UserNeedProfileData: 422,
  UserNeedConfirmContact: 422,
  ApplicationUnavailable: 503,
  InvalidParameter: 400,
  TooManyRequests: 429,
  BillingServiceError: 502,
  BillingTransactionDeclined: 402,
  BillingUnavailable: 503,
  BillingDepositLimitExceeded: 409,
  WithdrawalDeclined: 402,
  WithdrawalLimitsExceeded: 409,
  WithdrawalLimitsPeriodExceeded: 409,
  KycUserProfile: 422,
  KycWithdrawal: 422,
  StorageQuotaExceeded: 413,
  SumsubVerificationRequired: 422,
  RequisitesOnVerification: 409,
  RequisitesValidationRequired: 422,
  RequisitesFraudulent: 422,
} as const;

export type ExceptionName = keyof typeof EXCEPTION_STATUS;
export type ExceptionType = `${ExceptionName}Exception`;

export interface ApiErrorBody {
  type: ExceptionType;
  message: string;
  params?: Record<string, unknown>;
  /** Field errors: field name → messages. */
  invalid_parameters?: Record<string, string[]>;
  error_data?: Record<string, string[]>;
}

/** An error answered by the platform, thrown by PlatformClient and by platform handlers. */
export class PlatformError extends Error {
  readonly type: ExceptionType;
  readonly status: number;
  readonly params?: Record<string, unknown>;
  readonly fields?: Record<string, string[]>;

  constructor(name: ExceptionName, message: string, extra: { params?: Record<string, unknown>; fields?: Record<string, string[]>; status?: number } = {}) {
    super(message);
    this.name = "PlatformError";
    this.type = `${name}Exception`;
    this.status = extra.status ?? EXCEPTION_STATUS[name];
    this.params = extra.params;
    this.fields = extra.fields;
  }

  get exception(): ExceptionName {
    return this.type.replace(/Exception$/, "") as ExceptionName;
  }

  toBody(): ApiErrorBody {
    const body: ApiErrorBody = { type: this.type, message: this.message };
    if (this.params) body.params = this.params;
    if (this.fields) {
      body.invalid_parameters = this.fields;
      body.error_data = this.fields;
    }
    return body;
  }

  static fromBody(status: number, body: unknown): PlatformError {
    const e = (body as { error?: Partial<ApiErrorBody> } | null)?.error;
    const type = typeof e?.type === "string" ? e.type.replace(/Exception$/, "") : "";
    const name = (type in EXCEPTION_STATUS ? type : "UnknownError") as ExceptionName;
    return new PlatformError(name, typeof e?.message === "string" ? e.message : `Platform answered ${status}`, {
      status,
      params: e?.params,
      fields: e?.invalid_parameters ?? e?.error_data,
    });
  }
}

export function isPlatformError(e: unknown, name?: ExceptionName): e is PlatformError {
  return e instanceof PlatformError && (name === undefined || e.exception === name);
}
