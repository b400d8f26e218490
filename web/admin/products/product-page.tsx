import {
  Alert,
  Anchor,
  Button,
  Group,
  Loader,
  MultiSelect,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from "@mantine/core";
import { useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { LivePresence } from "../live/live-presence.js";
import { LANGUAGES } from "../../../engine/schema/languages.js";
import { LazyRichTextEditor as RichTextEditor } from "../../ui/rich-text/lazy-rich-text-editor.js";
import { recordHref } from "../../site/i18n/links.js";
import { notifyError, notifySuccess } from "../notify.js";
import { AttributeRows } from "./attribute-rows.js";
import { PhotoList } from "./photo-list.js";
import { PriceFields } from "./price-fields.js";
import {
  loadChoices,
  loadProduct,
  publishProduct,
  saveProduct,
  unpublishProduct,
  type EditorChoices,
  type EditorDocument,
  type Texts,
} from "./product-api.js";
import { emptyForm, errorsOf, formOf, inputOf, type ProductForm } from "./product-form.js";
import { productsTexts, textIn } from "./products-texts.js";
import { PublicationBadge } from "../editorial/publication-badge.js";
import { editorialTexts } from "../editorial/editorial-texts.js";
import { NotPublishedNotice, useNotPublished } from "../editorial/not-published-notice.js";
import { saveFailureOf, type SaveFailure } from "../form/save-failure.js";
import { SaveStateText } from "../form/save-state.js";
import { useLeaveGuard } from "../form/use-leave-guard.js";
import { useSaveStatus } from "../form/use-save-status.js";
import { fieldLabelOf, reasonOf } from "./field-labels.js";

function Section({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <Paper withBorder radius="md" p="md" data-testid={testId}>
      <Title order={4} mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

/**
 * /admin/products/{id} (and /admin/products/new): one product as a shop owner edits it — titles
 * and descriptions per language side by side, type, shipping and stock, the price in each
 * currency (stores' overrides beside them), photos uploaded in place, stores and categories
 * picked by name, name/value attributes. Save draft writes it all in one request (one
 * transaction); Publish saves, then puts it on the site; Unpublish takes it off. The save's state is
 * the server's answer ("Saved" only after a 2xx; a failure says why, and the edits stay), and
 * leaving with unsaved edits asks first (use-leave-guard.ts).
 */
export function ProductPage() {
  const t = productsTexts();
  const { id: param } = useParams();
  const id = param === "new" ? undefined : param;
  // The product a new page's first save made. The address names it only once the navigation has
  // rendered (a transition, later under load): a Publish clicked before then must publish it, not
  // create a second product.
  const created = useRef<string | undefined>(undefined);
  /** The product this page edits: the address's, or the one its first save made. */
  const productId = () => id ?? created.current;
  const navigate = useNavigate();
  const [choices, setChoices] = useState<EditorChoices>();
  const [doc, setDoc] = useState<EditorDocument>();
  const [form, setForm] = useState<ProductForm>(emptyForm);
  const [saved, setSaved] = useState<string>(() => JSON.stringify(emptyForm()));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState<"save" | "publish" | "unpublish" | undefined>();
  const [saveState, setSaveState] = useSaveStatus();
  // What the last publish left behind (records the editor may not publish): named, and the badge says so.
  const behind = useNotPublished();

  useEffect(() => {
    const controller = new AbortController();
    loadChoices(controller.signal).then(setChoices, (e) => controller.signal.aborted || notifyError(e));
    return () => controller.abort();
  }, []);
  useEffect(() => {
    // The address now names the product (the one made here, or another).
    created.current = undefined;
    if (!id) return;
    const controller = new AbortController();
    loadProduct(id, controller.signal).then(
      (loaded) => {
        if (doc?.product.id === loaded.product.id) return;
        show(loaded);
      },
      (e) => controller.signal.aborted || notifyError(e),
    );
    return () => controller.abort();
    // Only a new id loads: after a new product's first save the page already shows it.
  }, [id]);

  const show = (loaded: EditorDocument) => {
    const next = formOf(loaded);
    setDoc(loaded);
    setForm(next);
    setSaved(JSON.stringify(next));
    setErrors({});
  };
  const dirty = JSON.stringify(form) !== saved;
  const guard = useLeaveGuard(dirty);
  const set = (change: Partial<ProductForm>) => setForm((f) => ({ ...f, ...change }));
  const setProduct = (change: Partial<ProductForm["product"]>) =>
    setForm((f) => ({ ...f, product: { ...f.product, ...change } }));
  const setText = (field: "title" | "shortDescription" | "description", language: string, value: string) =>
    setForm((f) => ({ ...f, product: { ...f.product, [field]: { ...f.product[field], [language]: value } as Texts } }));
  const storeName = useMemo(
    () => new Map(choices?.stores.map((s) => [s.id, textIn(s.title, t.language) || s.adminTitle]) ?? []),
    [choices, t.language],
  );
  const labelOf = (key: string) => fieldLabelOf(key, t, choices, (store) => storeName.get(store) ?? "");
  /** Why a save failed, naming the first field the server (or the form's own check) marked. */
  const failure = (error: unknown, marked: Record<string, string>): SaveFailure => {
    const failed = saveFailureOf(error, () => undefined);
    return failed.kind === "unreachable"
      ? failed
      : { kind: "refused", reason: reasonOf(marked, labelOf) ?? failed.reason };
  };

  /** Saves the form; answers the saved document, or undefined when refused (the fields say why). */
  const save = async (): Promise<EditorDocument | undefined> => {
    if (!choices) return undefined;
    const { input, priceKeys, errors: local } = inputOf(form, choices);
    if (!input) {
      setErrors(local);
      setSaveState({ status: "error", failure: { kind: "refused", reason: reasonOf(local, labelOf) ?? t.fixErrors } });
      notifyError(new Error(t.fixErrors));
      return undefined;
    }
    setSaveState({ status: "pending" });
    try {
      const target = productId();
      const answer = await saveProduct(target, input);
      show(answer);
      setSaveState({ status: "success" });
      if (!target) {
        created.current = answer.product.id;
        // Saved: the form is clean, though it has not rendered so before the address names the new product.
        guard.release();
        navigate(`/admin/products/${answer.product.id}`, { replace: true });
      }
      return answer;
    } catch (error) {
      // The edits stay in the form (still unsaved, still guarded); the state and the fields say why.
      const marked = errorsOf(error, priceKeys);
      setErrors(marked);
      setSaveState({ status: "error", failure: failure(error, marked) });
      notifyError(error);
      return undefined;
    }
  };
  const run = async (what: "save" | "publish" | "unpublish") => {
    setBusy(what);
    behind.clear();
    try {
      if (what === "save") {
        const answer = await save();
        if (answer) notifySuccess(answer.product.publication.state === "published" ? t.savedLive : t.saved);
      } else if (what === "publish") {
        const answer = dirty || !productId() ? await save() : doc;
        if (!answer) return;
        const { document, notPublished } = await publishProduct(answer.product.id);
        show(document);
        await behind.tell(notPublished);
        notifySuccess(notPublished.length > 0 ? editorialTexts().publishedPartly : t.published);
      } else if (productId()) {
        const target = productId()!;
        await unpublishProduct(target);
        show(await loadProduct(target));
        notifySuccess(t.unpublished);
      }
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(undefined);
    }
  };

  if (id && !doc) return <Loader />;
  const heading = textIn(form.product.title, t.language) || (id ? doc?.product.adminTitle : t.untitled) || t.untitled;
  const siteHref =
    doc && doc.product.publication.state !== "draft"
      ? recordHref("/ecommerce/products", doc.product.slug, t.language === "ru" ? "ru" : "en")
      : undefined;
  return (
    <Stack gap="md" data-testid="product-editor">
      <Anchor component={Link} to="/admin/products" size="sm">
        ← {t.back}
      </Anchor>
      <Group
        justify="space-between"
        align="center"
        wrap="wrap"
        style={{ position: "sticky", top: 60, zIndex: 5, background: "var(--mantine-color-body)", paddingBlock: 8 }}
      >
        <Group gap="sm">
          <Title order={2} data-testid="product-heading">
            {heading}
          </Title>
          {doc ? <PublicationBadge publication={doc.product.publication} partial={behind.partial} /> : null}
          {dirty ? (
            <Text size="sm" c="orange.9" data-testid="product-unsaved">
              {t.unsaved}
            </Text>
          ) : null}
          <SaveStateText state={saveState} testId="product-save-state" />
        </Group>
        <Group gap="xs">
          {siteHref ? (
            <Button component="a" href={siteHref} target="_blank" variant="subtle">
              {t.openOnSite}
            </Button>
          ) : null}
          {doc && doc.product.publication.state !== "draft" ? (
            <Button
              variant="default"
              onClick={() => void run("unpublish")}
              loading={busy === "unpublish"}
              disabled={!!busy}
              data-testid="product-unpublish"
            >
              {t.unpublish}
            </Button>
          ) : null}
          <Button
            variant="default"
            onClick={() => void run("save")}
            loading={busy === "save"}
            disabled={!!busy || !choices}
            data-testid="product-save"
          >
            {t.saveDraft}
          </Button>
          <Button
            onClick={() => void run("publish")}
            loading={busy === "publish"}
            disabled={!!busy || !choices}
            data-testid="product-publish"
          >
            {t.publish}
          </Button>
        </Group>
      </Group>
      {errors.form ? <Alert color="red">{errors.form}</Alert> : null}
      <NotPublishedNotice names={behind.shown} onClose={behind.close} />
      {/* Who else has this product open. */}
      <LivePresence model="ecommerce/products" id={id} />

      <Section title={t.texts}>
        <SimpleGrid cols={{ base: 1, md: LANGUAGES.length }}>
          {LANGUAGES.map((language) => (
            <Stack key={language} gap="sm" lang={language} data-testid={`product-texts-${language}`}>
              <Text fw={600} size="sm">
                {t.languages[language] ?? language}
              </Text>
              <TextInput
                label={t.productTitle}
                value={form.product.title[language] ?? ""}
                onChange={(e) => setText("title", language, e.currentTarget.value)}
                data-testid={`product-title-${language}`}
              />
              <Textarea
                label={t.shortDescription}
                autosize
                minRows={2}
                value={form.product.shortDescription[language] ?? ""}
                onChange={(e) => setText("shortDescription", language, e.currentTarget.value)}
                data-testid={`product-short-${language}`}
              />
              <RichTextEditor
                label={t.description}
                value={form.product.description[language]}
                onChange={(value) => setText("description", language, value)}
              />
            </Stack>
          ))}
        </SimpleGrid>
      </Section>

      <Section title={t.details}>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
          <Select
            label={t.type}
            data={Object.entries(t.types).map(([value, label]) => ({ value, label }))}
            value={form.product.type}
            onChange={(v) => v && setProduct({ type: v })}
            allowDeselect={false}
            data-testid="product-type"
          />
          <Select
            label={t.shipping}
            data={Object.entries(t.shippings).map(([value, label]) => ({ value, label }))}
            value={form.product.shipping}
            onChange={(v) => v && setProduct({ shipping: v })}
            allowDeselect={false}
            data-testid="product-shipping"
          />
          <TextInput
            label={t.stock}
            description={t.stockHelp}
            inputMode="numeric"
            value={form.product.stock}
            error={errors.stock}
            onChange={(e) => setProduct({ stock: e.currentTarget.value })}
            data-testid="product-stock-input"
          />
          <TextInput
            label={t.slug}
            description={t.slugHelp}
            value={form.product.slug}
            error={errors.slug}
            onChange={(e) => setProduct({ slug: e.currentTarget.value })}
            data-testid="product-slug"
          />
        </SimpleGrid>
      </Section>

      <Section title={t.prices} testId="product-prices-section">
        {choices ? (
          <PriceFields
            currencies={choices.currencies}
            stores={form.stores.map((s) => ({ id: s.storeId, name: storeName.get(s.storeId) ?? "" }))}
            values={form.prices}
            errors={errors}
            onChange={(key, value) => {
              set({ prices: { ...form.prices, [key]: value } });
              // A corrected price loses its mark at once; the next save checks it again.
              if (errors[key]) setErrors(({ [key]: _fixed, ...rest }) => rest);
            }}
            t={t}
          />
        ) : (
          <Loader size="sm" />
        )}
      </Section>

      <Section title={t.photos} testId="product-photos-section">
        {errors.photos ? (
          <Alert color="red" mb="sm">
            {errors.photos}
          </Alert>
        ) : null}
        <PhotoList photos={form.photos} onChange={(photos) => set({ photos })} t={t} />
      </Section>

      <Section title={`${t.stores} · ${t.categories}`}>
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <Stack gap="xs">
            <MultiSelect
              label={t.stores}
              description={t.storesHelp}
              data={choices?.stores.map((s) => ({ value: s.id, label: storeName.get(s.id) ?? s.adminTitle })) ?? []}
              value={form.stores.map((s) => s.storeId)}
              error={errors.stores}
              searchable
              onChange={(ids) =>
                set({
                  stores: ids.map(
                    (storeId) => form.stores.find((s) => s.storeId === storeId) ?? { storeId, stock: "" },
                  ),
                })
              }
              data-testid="product-stores"
            />
            {form.stores.map((s) => (
              <NumberInput
                key={s.storeId}
                size="xs"
                label={t.storeStock(storeName.get(s.storeId) ?? "")}
                description={t.storeStockHelp}
                min={0}
                allowDecimal={false}
                allowNegative={false}
                value={s.stock}
                error={errors[`stores.${s.storeId}`]}
                onChange={(value) =>
                  set({
                    stores: form.stores.map((x) => (x.storeId === s.storeId ? { ...x, stock: String(value) } : x)),
                  })
                }
              />
            ))}
          </Stack>
          <MultiSelect
            label={t.categories}
            data={
              choices?.categories.map((c) => ({ value: c.id, label: textIn(c.title, t.language) || c.adminTitle })) ??
              []
            }
            value={form.categoryIds}
            error={errors.categories}
            searchable
            onChange={(categoryIds) => set({ categoryIds })}
            data-testid="product-categories"
          />
        </SimpleGrid>
      </Section>

      <Section title={t.attributes}>
        <AttributeRows rows={form.attributes} errors={errors} onChange={(attributes) => set({ attributes })} t={t} />
      </Section>
    </Stack>
  );
}
