import { Center, Loader } from "@mantine/core";
import { createContext, useContext, useEffect, useState, type ReactNode } from "react";
import type { AdminModel } from "../../../engine/admin/admin-model.js";
import { api } from "../../api/client.js";
import { applyLanguages } from "../../../engine/schema/languages.js";
import { notifyError } from "../notify.js";
import { adminLanguageCode } from "../admin-language.js";
import { modelsInLanguage } from "./models-in-language.js";

interface Models {
  list: AdminModel[];
  byId: Map<string, AdminModel>;
}

const ModelsContext = createContext<Models | null>(null);

/**
 * Loads every model's description once (GET /api/admin/models): all screens are generated from it,
 * with titles and labels in the admin's language.
 */
export function ModelsProvider({ children }: { children: ReactNode }) {
  const [models, setModels] = useState<Models | null>(null);
  useEffect(() => {
    api<{ data: AdminModel[]; languages?: { list: string[]; default: string } }>("/api/admin/models", {
      envelope: true,
    })
      .then(({ data, languages }) => {
        // The site's languages are a server setting: applied before any screen reads them.
        if (languages) applyLanguages(languages.list, languages.default);
        // Titles and labels in the admin's language, here once: a language switch reloads the admin.
        const list = modelsInLanguage(data, adminLanguageCode());
        setModels({ list, byId: new Map(list.map((m) => [m.id, m])) });
      })
      .catch(notifyError);
  }, []);
  if (!models) {
    return (
      <Center h="100%" p="xl">
        <Loader />
      </Center>
    );
  }
  return <ModelsContext.Provider value={models}>{children}</ModelsContext.Provider>;
}

export function useModels(): Models {
  const models = useContext(ModelsContext);
  if (!models) throw new Error("useModels outside ModelsProvider");
  return models;
}
