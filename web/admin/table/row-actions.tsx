import { adminLanguage } from "../admin-language.js";
import { ActionIcon, Button, Group, Tooltip } from "@mantine/core";
import { Link } from "react-router";
import type { AdminModel } from "../../../engine/admin/admin-model.js";
import { api } from "../../api/client.js";
import { routeOf } from "../data/list-query.js";
import { notifyError } from "../notify.js";
import { submissionsTexts } from "../../../common/admin/submissions-texts.js";
import type { Row } from "./use-model-table.js";
import { wordsTexts } from "../words-texts.js";

interface Props {
  model: AdminModel;
  row: Row;
  index: number;
  rows: Row[];
  onEdit(): void;
  onDelete(): void;
  onReordered(): void;
}

/**
 * Edit and Delete for one row (a form's also its Submissions, /admin/forms/{id}); for ordered rows (relations) also up and down, which renumber the
 * page's orderIndex in one bulk update so equal or sparse indexes end up distinct.
 */
export function RowActions({ model, row, index, rows, onEdit, onDelete, onReordered }: Props) {
  const t = wordsTexts();
  const move = async (by: -1 | 1) => {
    const order = [...rows];
    const [moved] = order.splice(index, 1);
    order.splice(index + by, 0, moved!);
    const base = Math.min(...rows.map((r) => Number(r.orderIndex ?? 0)));
    try {
      await api(`${routeOf(model.id)}/bulk`, {
        method: "PATCH",
        body: order.map((r, i) => ({ id: r.id, orderIndex: base + i })),
      });
      onReordered();
    } catch (error) {
      notifyError(error);
    }
  };
  return (
    <Group gap={4} justify="flex-end" wrap="nowrap">
      {model.ordered && (
        <>
          <Tooltip label={t.moveUp}>
            <ActionIcon variant="subtle" aria-label={t.moveUp} disabled={index === 0} onClick={() => move(-1)}>
              ↑
            </ActionIcon>
          </Tooltip>
          <Tooltip label={t.moveDown}>
            <ActionIcon
              variant="subtle"
              aria-label={t.moveDown}
              disabled={index === rows.length - 1}
              onClick={() => move(1)}
            >
              ↓
            </ActionIcon>
          </Tooltip>
        </>
      )}
      {model.id === "crm/forms" && (
        <Button size="compact-sm" variant="light" color="teal" component={Link} to={`/admin/forms/${row.id}`}>
          {submissionsTexts(adminLanguage()).submissions}
        </Button>
      )}
      <Button size="compact-sm" variant="light" onClick={onEdit}>
        {t.edit}
      </Button>
      <Button size="compact-sm" variant="light" color="red" onClick={onDelete}>
        {t.delete}
      </Button>
    </Group>
  );
}
