import { it } from "vitest";
import { describeHostileInput } from "./hostile-input";

if (process.env.TEST_DATABASE_URL) describeHostileInput({ name: "postgres" });
else it.skip("hostile input [postgres]: TEST_DATABASE_URL is not set", () => {});
