import { Center, Loader } from "@mantine/core";
import { shellTexts } from "./shell-texts.js";

/**
 * What a screen shows while its code is fetched (each screen is a chunk of its own, loaded when
 * first opened): a spinner named for assistive technology. `full` fills the window (before the
 * admin's frame is there), else the screen's area.
 */
export function ScreenLoading({ full = false }: { full?: boolean }) {
  return (
    <Center h={full ? "100vh" : 240} data-testid="screen-loading">
      <Loader role="status" aria-label={shellTexts().loading} />
    </Center>
  );
}
