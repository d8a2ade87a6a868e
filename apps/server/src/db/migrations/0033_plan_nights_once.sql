-- A delivery's nights are kept once, in the payload of the command that carries them (its command_id).
ALTER TABLE "schedule_deliveries" DROP COLUMN "nights";
