import { useEffect, useState } from "react";
import { useSession } from "../../../session/use-session.js";
import { shopApi } from "../helpers/shop-api.js";
import type { ShopStringKey } from "../helpers/strings.js";

/** The checkout's shipping address, as the server takes it beside `email`. */
export interface Address {
  name: string;
  line1: string;
  line2: string;
  city: string;
  postalCode: string;
  /** A state or province (optional): where a region's tax rate applies. */
  region: string;
  country: string;
  phone: string;
}
export type AddressField = keyof Address;

const EMPTY: Address = {
  name: "",
  line1: "",
  line2: "",
  city: "",
  postalCode: "",
  region: "",
  country: "",
  phone: "",
};
const REQUIRED: AddressField[] = ["name", "line1", "city", "postalCode", "country"];

/** The field's problem as the server would see it (server/modules/ecommerce/shipping-address.ts), as a text key. */
function problemOf(field: AddressField, value: string): ShopStringKey | undefined {
  const v = value.trim();
  if (REQUIRED.includes(field) && !v) return "required";
  if (field === "postalCode" && !/^[A-Za-z0-9][A-Za-z0-9 -]{1,11}$/.test(v)) return "invalidPostalCode";
  if (field === "phone" && v && !/^\+?[0-9][0-9 ()-]{4,19}$/.test(v)) return "invalidPhone";
  return undefined;
}

/**
 * The address fields' state: empty, or the subject's last address (GET …/shipping-address) once
 * it arrives and nothing was typed yet; `check` marks the problems and answers the body's address.
 */
export function useAddress(needed: boolean) {
  const { state: session, store } = useSession();
  const subjectId = session.status === "signed-in" ? session.subject.id : undefined;
  const [address, setAddress] = useState<Address>(EMPTY);
  const [touched, setTouched] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<AddressField, ShopStringKey>>>({});

  useEffect(() => {
    if (!needed || !subjectId || touched) return;
    let live = true;
    store
      .call<Partial<Address> | null>(`${shopApi(subjectId)}/shipping-address`)
      .then((last) => {
        if (live && last) setAddress((current) => (current === EMPTY ? { ...EMPTY, ...last } : current));
      })
      .catch(() => undefined); // nothing to offer: the fields stay empty
    return () => {
      live = false;
    };
  }, [needed, subjectId, touched, store]);

  const set = (field: AddressField, value: string) => {
    setTouched(true);
    setAddress((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  /** Undefined (and the problems shown) when a field is wrong; else the address to send. */
  const check = (): Record<string, string> | undefined => {
    const found: Partial<Record<AddressField, ShopStringKey>> = {};
    for (const field of Object.keys(EMPTY) as AddressField[]) {
      const problem = problemOf(field, address[field]);
      if (problem) found[field] = problem;
    }
    setErrors(found);
    if (Object.keys(found).length > 0) return undefined;
    return Object.fromEntries(
      Object.entries(address)
        .map(([k, v]) => [k, v.trim()])
        .filter(([, v]) => v !== ""),
    );
  };

  return { needed, address, set, errors, check };
}

export type AddressState = ReturnType<typeof useAddress>;
