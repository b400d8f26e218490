import { useEffect, useState } from "react";
import { notifyError } from "../notify.js";
import { fileUses, type FileUse } from "./media-api.js";

/** Where a file is used, named in `language`; reloaded when `version` changes. */
export function useFileUses(id: string, language: string, version = 0): FileUse[] | undefined {
  const [uses, setUses] = useState<FileUse[] | undefined>();
  useEffect(() => {
    const controller = new AbortController();
    setUses(undefined);
    fileUses(id, language, controller.signal)
      .then(setUses)
      .catch((error) => controller.signal.aborted || notifyError(error));
    return () => controller.abort();
  }, [id, language, version]);
  return uses;
}
