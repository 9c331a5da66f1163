ALTER TABLE "sub_sectors" DROP CONSTRAINT "sub_sectors_position_fraction";--> statement-breakpoint
ALTER TABLE "sub_sectors" ALTER COLUMN "x" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "sub_sectors" ALTER COLUMN "y" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "sub_sectors" ADD CONSTRAINT "sub_sectors_position_fraction" CHECK (("sub_sectors"."x" IS NULL AND "sub_sectors"."y" IS NULL) OR ("sub_sectors"."x" IS NOT NULL AND "sub_sectors"."y" IS NOT NULL AND "sub_sectors"."x" BETWEEN 0 AND 1 AND "sub_sectors"."y" BETWEEN 0 AND 1));