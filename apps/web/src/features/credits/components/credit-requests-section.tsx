import { Paper } from "@mantine/core";
import { CreditDemandList } from "./credit-demand-list";
import { RequestCreditsButton } from "./request-credits-dialog";

/** The Enterprise account's credits requests on its `demand` page, beside its affiliation demands. */
export function CreditRequestsSection() {
  return (
    <Paper withBorder p={{ base: "md", md: "lg" }} mt="xl" component="section" aria-labelledby="credit-requests-title">
      <CreditDemandList headingOrder={2} headingId="credit-requests-title" action={<RequestCreditsButton />} />
    </Paper>
  );
}
