import { lazy, Suspense } from "react";
import { hasToken } from "../../auth/session";
import { PageLoader } from "../../components/PageLoader";
import { useSay } from "../../i18n/useSay";
import { NotFoundPage } from "./NotFoundPage";

const AppLayout = lazy(() => import("../../layout/AppLayout").then((module) => ({ default: module.AppLayout })));

/** An unknown address: inside the navigation for a signed-in user, on its own otherwise. */
export function NotFoundRoute() {
  const say = useSay();
  if (!hasToken()) return <NotFoundPage />;
  return (
    <Suspense fallback={<PageLoader label={say("errors.loading")} />}>
      <AppLayout>
        <NotFoundPage embedded />
      </AppLayout>
    </Suspense>
  );
}
