import {
  type ComponentType,
  createContext,
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { useTranslation } from "react-i18next";
import { type BlockerFunction, useBlocker, useLocation } from "react-router";
import type { TLeaveConfirmDialogProps } from "./leave-confirm-dialog";

/**
 * The browser's own question, for when the dialog's code cannot be fetched (the network gone): a person leaving a
 * form is always asked, never left on a page whose links do nothing.
 */
export function BrowserLeaveConfirm(props: TLeaveConfirmDialogProps) {
  const { t } = useTranslation();
  // Asked once each time it opens, whatever the callbacks' identity on later renders.
  const latest = useRef(props);
  latest.current = props;
  useEffect(() => {
    if (!props.opened) return;
    const { kind, onLeave, onStay } = latest.current;
    (window.confirm(t(`leaveGuard.${kind}.text`)) ? onLeave : onStay)();
  }, [props.opened, t]);
  return null;
}

/**
 * The dialog (a Mantine modal) is fetched when a form first registers, not with the first page, which has no form
 * to guard; by then the form's own screen has loaded the modal's code.
 */
const LazyLeaveConfirmDialog = lazy<ComponentType<TLeaveConfirmDialogProps>>(() =>
  import("./leave-confirm-dialog").then(
    (module) => ({ default: module.LeaveConfirmDialog }),
    () => ({ default: BrowserLeaveConfirm }),
  ),
);

function LeaveConfirmDialog(props: TLeaveConfirmDialogProps) {
  return (
    <Suspense fallback={null}>
      <LazyLeaveConfirmDialog {...props} />
    </Suspense>
  );
}

/** Whether a form holds changes not saved yet: a value, or a function read at the moment someone leaves. */
export type TIsDirty = boolean | (() => boolean);

interface TLeaveScope {
  /** Adds a source of unsaved changes; returns its removal. */
  register: (isDirty: () => boolean) => () => void;
  /** Runs `leave` at once when nothing here is unsaved, otherwise once the user has confirmed. */
  confirm: (leave: () => void) => void;
  /** Runs `leave`, a navigation a form makes itself (after a save or a send), without asking. */
  release: (leave: () => void) => void;
}

const LeaveScopeContext = createContext<TLeaveScope | null>(null);
/** A form's modal (FormModal): closing it asks when one of its forms is unsaved. */
const ModalScopeContext = createContext<TLeaveScope | null>(null);

/** The sources of unsaved changes of one scope (the page, or one modal). */
function useSources() {
  const sources = useRef(new Set<() => boolean>());
  const [count, setCount] = useState(0);
  const isDirty = useCallback(() => [...sources.current].some((source) => source()), []);
  const register = useCallback((source: () => boolean) => {
    sources.current.add(source);
    setCount((n) => n + 1);
    return () => {
      sources.current.delete(source);
      setCount((n) => n - 1);
    };
  }, []);
  return { isDirty, register, count };
}

/** A navigation to another page (path or query); an anchor on the same page leaves nothing. */
const leavesPage: BlockerFunction = ({ currentLocation, nextLocation }) =>
  currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search;

/**
 * Nothing typed is lost: while a form registered with `useLeaveGuard` holds unsaved changes, leaving the page
 * asks first — a link, the menu, a redirect, the browser's Back and Forward (react-router's blocker: one for the
 * whole app, here), signing out (`useConfirmLeave`), and reloading or closing the tab (`beforeunload`, where the
 * browser asks in its own words). Mounted once, inside the data router (root-layout.tsx).
 */
export function LeaveGuardProvider({ children }: { children: ReactNode }) {
  const { isDirty, register, count } = useSources();
  const location = useLocation();
  /** Set while a confirmed or released leave goes through; the next location re-arms the guard. */
  const released = useRef(false);
  const [asked, setAsked] = useState<{ leave: () => void } | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new location (the key) is the cue.
  useEffect(() => {
    released.current = false;
  }, [location.key]);

  const shouldBlock = useCallback<BlockerFunction>(
    (args) => !released.current && leavesPage(args) && isDirty(),
    [isDirty],
  );
  const blocker = useBlocker(shouldBlock);

  useEffect(() => {
    if (count === 0) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (released.current || !isDirty()) return;
      event.preventDefault();
      // Older browsers ask only when returnValue is set.
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => window.removeEventListener("beforeunload", onBeforeUnload);
  }, [count, isDirty]);

  const release = useCallback((leave: () => void) => {
    released.current = true;
    leave();
  }, []);
  const confirm = useCallback(
    (leave: () => void) => {
      if (released.current || !isDirty()) leave();
      else setAsked({ leave });
    },
    [isDirty],
  );
  const scope = useMemo(() => ({ register, confirm, release }), [register, confirm, release]);

  const blocked = blocker.state === "blocked";
  const stay = () => {
    if (blocked) blocker.reset();
    setAsked(null);
  };
  const leave = () => {
    if (blocked) blocker.proceed();
    else if (asked) release(asked.leave);
    setAsked(null);
  };
  return (
    <LeaveScopeContext.Provider value={scope}>
      {children}
      {/* Nothing can be unsaved, so nothing asked, before a form registers. */}
      {count > 0 || blocked || asked !== null ? (
        <LeaveConfirmDialog opened={blocked || asked !== null} kind="page" onStay={stay} onLeave={leave} />
      ) : null}
    </LeaveScopeContext.Provider>
  );
}

/**
 * The scope of a form's modal: its forms' changes also guard the page (Back, reload), and `confirm` asks before the
 * modal closes. Returns the scope to provide (`LeaveModalScope`) and the dialog to render beside the modal (not in
 * it: a key pressed in the dialog must not reach the modal's own Escape handler).
 */
export function useModalLeaveScope() {
  const page = useContext(LeaveScopeContext);
  const { isDirty, register: registerHere } = useSources();
  const [asked, setAsked] = useState<{ leave: () => void } | null>(null);
  const register = useCallback(
    (source: () => boolean) => {
      const here = registerHere(source);
      const onPage = page?.register(source);
      return () => {
        here();
        onPage?.();
      };
    },
    [registerHere, page],
  );
  const confirm = useCallback(
    (leave: () => void) => {
      if (isDirty()) setAsked({ leave });
      else leave();
    },
    [isDirty],
  );
  const release = useCallback((leave: () => void) => (page ? page.release(leave) : leave()), [page]);
  const scope = useMemo(() => ({ register, confirm, release }), [register, confirm, release]);
  const dialog = (
    <LeaveConfirmDialog
      opened={asked !== null}
      kind="dialog"
      onStay={() => setAsked(null)}
      onLeave={() => {
        asked?.leave();
        setAsked(null);
      }}
    />
  );
  return { scope, dialog };
}

/** Provides a modal's scope (from `useModalLeaveScope`) to the forms inside it. */
export function LeaveModalScope({ scope, children }: { scope: TLeaveScope; children: ReactNode }) {
  return (
    <LeaveScopeContext.Provider value={scope}>
      <ModalScopeContext.Provider value={scope}>{children}</ModalScopeContext.Provider>
    </LeaveScopeContext.Provider>
  );
}

/**
 * Guards a form: while `isDirty` is true (or returns true), leaving asks first. `release(leave)` runs a navigation
 * the form makes itself without asking (to its saved draft's URL, to the sent permit), since its changes are saved.
 * After a successful save the form must stop being dirty (e.g. Mantine's `form.resetDirty(saved)`). Outside the
 * app's router (a component test) it does nothing.
 */
export function useLeaveGuard(isDirty: TIsDirty): { release: (leave: () => void) => void } {
  const scope = useContext(LeaveScopeContext);
  const latest = useRef(isDirty);
  latest.current = isDirty;
  useEffect(() => {
    if (!scope) return;
    return scope.register(() => {
      const value = latest.current;
      return typeof value === "function" ? value() : value;
    });
  }, [scope]);
  return { release: useLeaveRelease() };
}

/** Runs a navigation a form makes itself once its changes are saved (or sent), without asking. */
export function useLeaveRelease(): (leave: () => void) => void {
  const scope = useContext(LeaveScopeContext);
  return useCallback((leave: () => void) => (scope ? scope.release(leave) : leave()), [scope]);
}

/**
 * Runs an action that leaves the page (signing out) at once, or after the user has confirmed when a form is unsaved.
 */
export function useConfirmLeave(): (leave: () => void) => void {
  const scope = useContext(LeaveScopeContext);
  return useCallback((leave: () => void) => (scope ? scope.confirm(leave) : leave()), [scope]);
}

/**
 * Inside a form's modal: closes it at once, or after the user has confirmed when its form is unsaved (the form's
 * Cancel button). Outside one, closes at once.
 */
export function useConfirmModalClose(): (close: () => void) => void {
  const scope = useContext(ModalScopeContext);
  return useCallback((close: () => void) => (scope ? scope.confirm(close) : close()), [scope]);
}
