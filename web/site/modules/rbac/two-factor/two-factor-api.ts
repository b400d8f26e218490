import { subjectApi } from "../routes.js";

/** GET {subjects}/{id}/two-factor (docs/security.md "Two-factor sign-in"). */
export interface TwoFactorState {
  enabled: boolean;
  recoveryCodesLeft: number;
  required: boolean;
}

export interface TotpEnrolment {
  secret: string;
  otpauthUrl: string;
}

export const twoFactorApi = (subjectId: string) => `${subjectApi(subjectId)}/two-factor`;
