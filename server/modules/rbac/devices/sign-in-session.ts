import type { FastifyRequest } from "fastify";
import type { RbacServices } from "../rbac-services.js";
import type { Session } from "../sessions.js";
import { deviceOf } from "./device.js";
import { isNewDevice } from "./signed-in-devices.js";
import type { SignInMethod } from "../sign-in-audit.js";

/**
 * A sign-in's session, recorded with the request's device; a device new to the subject (another
 * User-Agent and address than any it signed in from) is mailed to it after the answer, unless
 * NEW_DEVICE_MAIL=false. Whether it is new is read before the sign-in's own token is stored.
 */
export async function signInSession(
  rbac: RbacServices,
  request: FastifyRequest,
  subjectId: string,
  method: SignInMethod,
): Promise<Session> {
  const device = deviceOf(request);
  const announce = rbac.config.newDeviceMail && (await isNewDevice(rbac.db, subjectId, device));
  const session = await rbac.sessions.start(subjectId, device, method);
  if (announce) rbac.notices.newDevice(subjectId, device, new Date());
  return session;
}
