import { AREA_DEFAULT_PAGE, AREAS, AUTH_PATHS, authPath, type TArea } from "@openpermit/shared";
import { Navigate, type RouteObject } from "react-router";
import { FullPageLoader } from "../components/full-page-loader";
import { SIGN_IN_PATH } from "../lib/api/client";
import { AREA_PAGES, routeOfPage } from "./area-pages";
import { AreaGuard } from "./guards/area-guard";
import { RedirectKeepingState } from "./guards/redirect-keeping-state";
import { SignedInRedirect } from "./guards/signed-in-redirect";
import { UnknownPathRedirect } from "./guards/unknown-path-redirect";
import { AuthLayout } from "./layouts/auth-layout";
import { lazyFirstPage, lazyPage, withTranslations } from "./lazy-page";
import { RootLayout } from "./root-layout";
import { RouteError } from "./route-error";

const completeAccount = (variant: "person" | "supplier"): RouteObject["lazy"] => {
  return async () => {
    const { CompleteAccountPage } = await withTranslations(
      () => import("../features/auth/pages/complete-account-page"),
    );
    return { element: <CompleteAccountPage variant={variant} /> };
  };
};

const authRoutes: RouteObject = {
  path: AUTH_PATHS.root,
  element: <AuthLayout />,
  children: [
    {
      errorElement: <RouteError />,
      children: [
        { index: true, element: <RedirectKeepingState to={authPath(AUTH_PATHS.signIn)} /> },
        { path: AUTH_PATHS.signIn, element: <RedirectKeepingState to={SIGN_IN_PATH} /> },
        {
          path: AUTH_PATHS.signInDefault,
          element: <SignedInRedirect />,
          children: [
            { index: true, lazy: lazyFirstPage(() => import("../features/auth/pages/sign-in-page"), "SignInPage") },
          ],
        },
        { path: AUTH_PATHS.signUp, lazy: lazyPage(() => import("../features/auth/pages/sign-up-page"), "SignUpPage") },
        { path: AUTH_PATHS.reset, lazy: lazyPage(() => import("../features/auth/pages/reset-page"), "ResetPage") },
        { path: AUTH_PATHS.completeAccount, lazy: completeAccount("person") },
        {
          path: AUTH_PATHS.confirmAccount,
          lazy: lazyPage(() => import("../features/auth/pages/confirm-account-page"), "ConfirmAccountPage"),
        },
        { path: AUTH_PATHS.completeSupplier, lazy: completeAccount("supplier") },
        {
          // A printed permit's QR code: works signed in or out.
          path: AUTH_PATHS.permitCheck,
          lazy: lazyPage(() => import("../features/permit-check/pages/permit-check-page"), "PermitCheckPage"),
        },
        {
          // A worker's card's QR code, scanned by a gatekeeper: works signed in or out.
          path: AUTH_PATHS.workerCardCheck,
          lazy: lazyPage(() => import("../features/worker-card/pages/worker-card-check-page"), "WorkerCardCheckPage"),
        },
      ],
    },
  ],
};

function areaRoutes(area: TArea): RouteObject {
  return {
    path: area,
    // The shell (navbar, notifications, menus) comes in its own chunk with the area's first page, so the
    // sign-in page does not load it; with every translation, so that nothing in the area waits for texts once open.
    lazy: async () => {
      const { AreaLayout } = await withTranslations(() => import("./layouts/area-layout"));
      return {
        element: (
          <AreaGuard area={area}>
            <AreaLayout area={area} />
          </AreaGuard>
        ),
      };
    },
    children: [
      {
        errorElement: <RouteError />,
        children: [
          { index: true, element: <Navigate to={`/${area}/${AREA_DEFAULT_PAGE}`} replace /> },
          ...AREA_PAGES[area].map(routeOfPage),
        ],
      },
    ],
  };
}

/** The route table (docs/domain.md, Routes). Exported as data so tests can mount it in a memory router. */
export const routes: RouteObject[] = [
  {
    path: "/",
    element: <RootLayout />,
    errorElement: <RouteError />,
    HydrateFallback: FullPageLoader,
    children: [
      { index: true, element: <UnknownPathRedirect /> },
      authRoutes,
      ...AREAS.map(areaRoutes),
      { path: "*", element: <UnknownPathRedirect /> },
    ],
  },
];
